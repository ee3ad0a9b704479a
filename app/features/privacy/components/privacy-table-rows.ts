/** The table of /privacidad's part for families: what the site keeps, why, how long and who sees it. */

export type PrivacyFacts = {
  /** Days first-party page views are kept. */
  pageViewDays: number;
  /** Days the per-day counts of page views are kept. */
  pageViewCountDays: number;
  /** Days the statistics remember on which days an account was active. */
  activeReaderOpenDays: number;
  /** The smallest count the statistics show as a number; smaller ones read '<N'. */
  smallCountLimit: number;
  /** Minutes a password reset link works. */
  resetLinkMinutes: number;
  /** Days a signed-in session lasts without use. */
  sessionDays: number;
  /** A class's student on a shared device is signed out after this long without use. */
  studentIdleMinutes: number;
  /** Whether Google Analytics is configured on this site (it then asks first). */
  analytics: boolean;
};

export type PrivacyRow = { what: string; why: string; howLong: string; who: string };

/** Every row of the table, in the order it shows them. */
export function familyRows(facts: PrivacyFacts): PrivacyRow[] {
  return [...accountRows(), ...safetyRows(facts), ...messageRows(), ...statisticsRows(facts)];
}

/** What the reader's own account holds: who they are, what they unlocked, chose and wrote. */
function accountRows(): PrivacyRow[] {
  return [
    {
      what: "Tu cuenta: correo electrónico, contraseña (guardada cifrada: nadie puede leerla) y fecha de alta",
      why: "Que puedas entrar y que nadie más entre por ti",
      howLong: "Hasta que borres la cuenta",
      who: "Nadie más. Las personas administradoras ven el correo solo si administran el sitio",
    },
    {
      what: "Tu perfil: apodo, edad y clan",
      why: "Mostrar tu apodo junto a tus comentarios y adaptar el sitio a tu edad y a tu clan",
      howLong: "Hasta que lo cambies o borres la cuenta",
      who: "El apodo lo ven quienes leen tus comentarios. La edad no se muestra a nadie",
    },
    {
      what: "Capítulos y personajes que desbloqueas con los códigos del libro",
      why: "Guardar tu avance",
      howLong: "Hasta que borres la cuenta",
      who: "Solo tú. Las autoras ven solo totales de todos los lectores juntos",
    },
    {
      what: "Tus ajustes de lectura («Aa») y el párrafo de cada capítulo en el que te quedaste",
      why: "Que el texto se vea como lo eliges y ofrecerte «Seguir donde me quedé» en cualquier dispositivo",
      howLong: "Hasta que los cambies o borres la cuenta",
      who: "Solo tú",
    },
    {
      what: "Tus comentarios en los capítulos, y los avisos que envías sobre comentarios de otros",
      why: "Conversar sobre el libro y cuidar que la conversación sea respetuosa",
      howLong: "Hasta que los borres, los borre el equipo o borres la cuenta",
      who: "Los comentarios, todos los lectores (algunos después de que el equipo los revise); los avisos, solo el equipo",
    },
  ];
}

/** What keeps the account safe, and the family's permission the law asks for under 14. */
function safetyRows(facts: PrivacyFacts): PrivacyRow[] {
  return [
    {
      what: "Sesiones abiertas: fecha, dirección IP y tipo de navegador",
      why: "Mantenerte dentro de tu cuenta y detectar usos extraños",
      howLong: `Hasta que salgas, cambies la contraseña o pasen ${facts.sessionDays} días sin usarla`,
      who: "Nadie",
    },
    {
      what: "Intentos fallidos de ingreso a tu cuenta y contadores de seguridad por dirección IP",
      why: "Frenar a quien intente adivinar contraseñas o abusar del sitio",
      howLong: "Un día",
      who: "Nadie",
    },
    {
      what: `Enlaces para cambiar la contraseña (sirven una vez y ${facts.resetLinkMinutes} minutos)`,
      why: "Que recuperes tu cuenta si olvidas la contraseña",
      howLong: "Hasta que se usan o caducan",
      who: "Solo quien recibe el correo",
    },
    {
      what: "Si la cuenta es de alguien menor de 14 años: el correo de la persona adulta que da permiso y su respuesta",
      why: "Pedir y recordar el permiso de la familia, como pide la ley española",
      howLong: "Hasta que se borre la cuenta",
      who: "Nadie más",
    },
  ];
}

/** What a person sends the team: a message, or a booking for an event. */
function messageRows(): PrivacyRow[] {
  return [
    {
      what: "Mensajes que envías desde Contacto: nombre, correo y mensaje",
      why: "Responderte",
      howLong: "Hasta que el equipo los borre o borres tu cuenta con ese mismo correo",
      who: "Las autoras y el equipo del sitio",
    },
    {
      what: "Reservas para un evento: nombre y correo de la persona adulta, cuántos niños y adultos vienen, la lista de espera y si vinieron",
      why: "Contar los lugares, escribirte solo sobre ese evento y saber quién llega",
      howLong: "Hasta 30 días después del evento (se borran solas), o hasta que canceles con el enlace del correo",
      who: "Las personas que organizan el evento",
    },
  ];
}

/** What the statistics are made of: never who, only how many. */
function statisticsRows(facts: PrivacyFacts): PrivacyRow[] {
  return [
    {
      what: "Visitas a las páginas: solo la dirección de la página (sin otros datos de la búsqueda) y su título",
      why: "Saber qué páginas se leen más",
      howLong: `${facts.pageViewDays} días`,
      who: "Las personas administradoras, como totales. No se guarda quién visitó ni desde dónde",
    },
    {
      what: "Cuántas visitas tuvo cada página cada día (solo el número)",
      why: "Comparar un año con el anterior en las estadísticas",
      howLong: `${facts.pageViewCountDays} días`,
      who: "Las autoras y el equipo del sitio, como totales",
    },
    {
      what: "Una marca del día para cada lector que desbloqueó algo o comentó: la cuenta mezclada con una clave al azar de ese día, nunca la cuenta misma",
      why: "Contar una sola vez al día a cada lector activo; después solo queda el número del día",
      howLong: `${facts.activeReaderOpenDays} días: luego se borran las marcas y la clave del día`,
      who: "Nadie: las estadísticas muestran solo el total",
    },
  ];
}
