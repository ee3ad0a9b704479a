/**
 * Caps long-lived connections (the live feed) per client address and in all, so one client
 * cannot hold the server's sockets and memory. A school's readers share one address, so the
 * per-address cap leaves room for a few classes with several tabs each.
 */
export type ConnectionLimits = { perAddress: number; total: number };

export type ConnectionLimiter = {
  /** A release function when the connection may open; otherwise why not. */
  acquire(address: string): { release: () => void } | { refused: "address" | "total" };
  open(): number;
};

export function createConnectionLimiter(limits: ConnectionLimits): ConnectionLimiter {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    acquire(address) {
      if (total >= limits.total) return { refused: "total" };
      const current = byAddress.get(address) ?? 0;
      if (current >= limits.perAddress) return { refused: "address" };
      byAddress.set(address, current + 1);
      total++;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          total--;
          const left = (byAddress.get(address) ?? 1) - 1;
          if (left > 0) byAddress.set(address, left);
          else byAddress.delete(address);
        },
      };
    },
    open: () => total,
  };
}
