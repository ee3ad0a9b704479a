import QRCode from "qrcode";

/** The address a login card carries: /entrar/<token> on the public origin. */
export const loginCardUrl = (siteUrl: string, token: string) => `${siteUrl.replace(/\/+$/, "")}/entrar/${token}`;

/** The card's QR code as an SVG data address (high error correction: cards get folded). */
export async function loginCardQr(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "Q", margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
