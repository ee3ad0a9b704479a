/**
 * The pictures a class's students are known by (issue 39): 40 original drawings, static SVG files
 * in public/images/dibujos (never in a page's JavaScript), each named in Spanish, so that a class
 * of 40 has one each and a child tells their card and their picture apart from everyone else's.
 * Distinct in shape, not only in colour (cards are often printed in black and white). An id is
 * stored with the student: never rename one; add new drawings at the end.
 */
export const DIBUJOS = [
  { id: "calavera", label: "calavera", src: "/images/dibujos/calavera.svg" },
  { id: "perro", label: "perro", src: "/images/dibujos/perro.svg" },
  { id: "vela", label: "vela", src: "/images/dibujos/vela.svg" },
  { id: "sol", label: "sol", src: "/images/dibujos/sol.svg" },
  { id: "luna", label: "luna", src: "/images/dibujos/luna.svg" },
  { id: "estrella", label: "estrella", src: "/images/dibujos/estrella.svg" },
  { id: "flor", label: "flor", src: "/images/dibujos/flor.svg" },
  { id: "corazon", label: "corazón", src: "/images/dibujos/corazon.svg" },
  { id: "pez", label: "pez", src: "/images/dibujos/pez.svg" },
  { id: "gato", label: "gato", src: "/images/dibujos/gato.svg" },
  { id: "arbol", label: "árbol", src: "/images/dibujos/arbol.svg" },
  { id: "casa", label: "casa", src: "/images/dibujos/casa.svg" },
  { id: "pajaro", label: "pájaro", src: "/images/dibujos/pajaro.svg" },
  { id: "mariposa", label: "mariposa", src: "/images/dibujos/mariposa.svg" },
  { id: "hongo", label: "hongo", src: "/images/dibujos/hongo.svg" },
  { id: "manzana", label: "manzana", src: "/images/dibujos/manzana.svg" },
  { id: "cohete", label: "cohete", src: "/images/dibujos/cohete.svg" },
  { id: "barco", label: "barco", src: "/images/dibujos/barco.svg" },
  { id: "paraguas", label: "paraguas", src: "/images/dibujos/paraguas.svg" },
  { id: "llave", label: "llave", src: "/images/dibujos/llave.svg" },
  { id: "campana", label: "campana", src: "/images/dibujos/campana.svg" },
  { id: "guitarra", label: "guitarra", src: "/images/dibujos/guitarra.svg" },
  { id: "tambor", label: "tambor", src: "/images/dibujos/tambor.svg" },
  { id: "nube", label: "nube", src: "/images/dibujos/nube.svg" },
  { id: "rayo", label: "rayo", src: "/images/dibujos/rayo.svg" },
  { id: "gota", label: "gota", src: "/images/dibujos/gota.svg" },
  { id: "hoja", label: "hoja", src: "/images/dibujos/hoja.svg" },
  { id: "cactus", label: "cactus", src: "/images/dibujos/cactus.svg" },
  { id: "tortuga", label: "tortuga", src: "/images/dibujos/tortuga.svg" },
  { id: "caracol", label: "caracol", src: "/images/dibujos/caracol.svg" },
  { id: "globo", label: "globo", src: "/images/dibujos/globo.svg" },
  { id: "pelota", label: "pelota", src: "/images/dibujos/pelota.svg" },
  { id: "taza", label: "taza", src: "/images/dibujos/taza.svg" },
  { id: "sombrero", label: "sombrero", src: "/images/dibujos/sombrero.svg" },
  { id: "calabaza", label: "calabaza", src: "/images/dibujos/calabaza.svg" },
  { id: "fresa", label: "fresa", src: "/images/dibujos/fresa.svg" },
  { id: "lapiz", label: "lápiz", src: "/images/dibujos/lapiz.svg" },
  { id: "reloj", label: "reloj", src: "/images/dibujos/reloj.svg" },
  { id: "libro", label: "libro", src: "/images/dibujos/libro.svg" },
  { id: "ancla", label: "ancla", src: "/images/dibujos/ancla.svg" },
] as const;

export type Dibujo = (typeof DIBUJOS)[number];

export const dibujoById = (id: string): Dibujo | undefined => DIBUJOS.find((dibujo) => dibujo.id === id);
