import { describe, expect, it } from "vitest";
import { riskReasons, type RiskReason } from "../../lib/risky-text.server.ts";

/**
 * The filter of COMMENTS_MODERATION=risky on comments as children write them. Every risky
 * example must be held (and for the reason given); every clean one must pass. The counts are
 * printed so the figures in the team's notes come from this run.
 */
const RISKY: [string, RiskReason][] = [
  ["Mira mi canal https://youtube.com/@lucia2015", "enlace"],
  ["entra a www.juegosgratis.net", "enlace"],
  ["busquen mipagina.com para más historias", "enlace"],
  ["mi blog es lucia-escribe.blogspot.mx", "enlace"],
  ["escribe www punto lucia punto com", "enlace"],
  ["entren a juegos punto net", "enlace"],
  ["www . mictlanfans . org", "enlace"],
  ["el link es bit.ly/abc123", "enlace"],
  ["mi correo es lucia.garcia.2015@gmail.com", "correo"],
  ["escríbeme a lucia arroba gmail punto com", "correo"],
  ["lucia.garcia (arroba) hotmail", "correo"],
  ["lucia @ yahoo . com", "correo"],
  ["mándame un mensaje a mi hotmail", "correo"],
  ["mi número es 55 1234 5678", "telefono"],
  ["llámenme al 443-123-45-67", "telefono"],
  ["(443) 312 8899 es mi cel", "telefono"],
  ["+52 1 443 555 0101", "telefono"],
  ["cinco cinco uno dos tres cuatro cinco seis", "telefono"],
  ["mi whatsapp es el de siempre", "contacto"],
  ["sígueme en insta como @taquito_fan", "contacto"],
  ["agrégame en roblox soy valen2015", "contacto"],
  ["hablemos por discord", "contacto"],
  ["vivo en la calle Morelos número 12", "contacto"],
  ["mi escuela se llama Benito Juárez", "contacto"],
  ["tu dirección cuál es?", "contacto"],
  ["qué capítulo tan de mierda", "palabras"],
  ["eres un pendejo", "palabras"],
  ["PENDEJOS todos", "palabras"],
  ["cállate idiota", "palabras"],
  ["hijo de puta", "palabras"],
  ["qué cabrón el Camazotz", "palabras"],
  ["¡Gilipollas!", "palabras"],
  ["this is shit", "palabras"],
  ["pinche libro", "palabras"],
];

const CLEAN = [
  "¡Qué valiente es Taquito!",
  "Me encantó el capítulo 7, sobre todo cuando llegan al Mictlán.",
  "Yo también tengo un xolo y se llama Chocolate.",
  "El capítulo 12 me dio miedo pero me gustó mucho.",
  "¿Cuándo sale el siguiente libro? Ya quiero leerlo.",
  "Leí 3 capítulos en 2 días :)",
  "Valentina es muy lista. Taquito es muy leal.",
  "El punto es que Camazotz no es tan malo.",
  "Mi parte favorita fue la del infierno de hielo.",
  "Me recordó a mi abuela, que hace conchas los domingos.",
  "En la página 45 hay un error, dice 'perro' dos veces.",
  "¡Jajaja! El murciélago gigante es lo máximo.",
  "Ojalá Valentina encuentre a su perrito pronto.",
  "Yo voté por el equipo del colibrí.",
  "Lo terminé el 2 de noviembre, Día de Muertos.",
  "Tengo 10 años y es mi libro favorito.",
  "Qué bonito dibujo del ajolote.",
  "No entendí el final... ¿alguien me explica?",
  "Las calaveras de azúcar se ven deliciosas.",
  "El martillo del guardián daba miedo.",
];

describe("the risky-comment filter on Spanish examples", () => {
  const held = RISKY.filter(([text]) => riskReasons(text).length > 0);
  const passed = CLEAN.filter((text) => riskReasons(text).length === 0);

  it.each(RISKY)("holds %j (%s)", (text, reason) => {
    expect(riskReasons(text)).toContain(reason);
  });

  it.each(CLEAN)("lets %j through", (text) => {
    expect(riskReasons(text)).toEqual([]);
  });

  it("reports its hit and miss counts", () => {
    console.info(`risky held: ${held.length} of ${RISKY.length}; clean passed: ${passed.length} of ${CLEAN.length}`);
    expect(held).toHaveLength(RISKY.length);
    expect(passed).toHaveLength(CLEAN.length);
  });
});
