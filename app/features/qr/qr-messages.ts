/** SPEC.md §2 and §8, letter for letter. */
export const QR_MESSAGES = {
  verifying: "Verifying QR code...",
  invalid: "Invalid Code",
  expired: "Expired Code",
} as const;
