import { Link } from "react-router";

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

type Row = { what: string; why: string; howLong: string; who: string };

function familyRows(facts: PrivacyFacts): Row[] {
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

/** /privacidad: a plain part for children first, then the full part for their families. */
export function PrivacyPage({ facts }: { facts: PrivacyFacts }) {
  return (
    <div className="container py-5 privacy-page">
      <h1 className="mb-4">Tu privacidad</h1>

      <section aria-labelledby="para-ti" className="mb-5">
        <h2 id="para-ti">Para ti, que lees el libro</h2>
        <ul className="lead">
          <li>
            Guardamos solo lo necesario para que uses el sitio: tu correo, tu apodo, tu clan, lo que desbloqueas y tus
            comentarios.
          </li>
          <li>Tu contraseña está guardada en secreto. Ni siquiera nosotros podemos leerla.</li>
          <li>Los demás lectores ven tu apodo y tus comentarios. Nunca ven tu correo ni tu edad.</li>
          <li>No vendemos tus datos a nadie y en este sitio no hay anuncios.</li>
          <li>
            Si tienes menos de 14 años, una persona adulta de tu familia tiene que darte permiso para tener una cuenta.
          </li>
          <li>
            Puedes descargar todo lo que guardamos sobre ti, o borrar tu cuenta para siempre, en{" "}
            <Link to="/tu-perfil">Tu perfil</Link>.
          </li>
          <li>Si algo no te queda claro, pregúntale a alguien de tu familia o escríbenos.</li>
        </ul>
      </section>

      <section aria-labelledby="para-familias">
        <h2 id="para-familias">Para las familias</h2>
        <p>
          Este sitio acompaña a un libro infantil. Lo pensamos para niñas y niños, así que guardamos lo mínimo, no
          mostramos publicidad y no compartimos datos con nadie para fines comerciales. Aquí está todo lo que guardamos,
          para qué, cuánto tiempo y quién lo ve.
        </p>

        {/* On a phone the table scrolls sideways: a named region a keyboard can focus and scroll. */}
        <div className="privacy-table-wrap" role="region" aria-labelledby="tabla-de-datos" tabIndex={0}>
          <table className="privacy-table">
            <caption id="tabla-de-datos">Qué guardamos, para qué, cuánto tiempo y quién lo ve</caption>
            <thead>
              <tr>
                <th scope="col">Qué</th>
                <th scope="col">Para qué</th>
                <th scope="col">Cuánto tiempo</th>
                <th scope="col">Quién lo ve</th>
              </tr>
            </thead>
            <tbody>
              {familyRows(facts).map((row) => (
                <tr key={row.what}>
                  <th scope="row" className="fw-normal">
                    {row.what}
                  </th>
                  <td>{row.why}</td>
                  <td>{row.howLong}</td>
                  <td>{row.who}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <h3 className="h4 mt-4" id="menores">
          Menores de 14 años
        </h3>
        <p>
          La ley española de protección de datos (LOPDGDD, artículo 7) permite que una persona menor de 14 años use un
          servicio como este solo con el permiso de su madre, padre o tutor. Por eso, al crear una cuenta preguntamos el
          año de nacimiento y, si hace falta, pedimos por correo ese permiso. Si la familia lo rechaza, la cuenta y sus
          datos se borran.
        </p>

        <h3 className="h4 mt-4" id="lectores-de-tu-familia">
          Lectores de tu familia
        </h3>
        <p>
          Una persona adulta con cuenta puede añadir a sus hijas e hijos en «Tu familia» sin que ellos tengan correo ni
          contraseña. Al añadir a cada uno, esa persona adulta da el permiso que pide la ley (LOPDGDD, artículo 7, y el
          artículo 8 del Reglamento General de Protección de Datos) como su madre, padre o tutor legal: guardamos quién
          lo dio, cuándo y el texto exacto que aceptó. De cada menor guardamos solo un apodo, un dibujo, su año de
          nacimiento, un PIN cifrado, lo que desbloquea y sus comentarios, que siempre se revisan antes de publicarse;
          nunca su nombre real. Las tarjetas para entrar se guardan de forma que nadie pueda leerlas en nuestra base de
          datos, y una tarjeta nueva anula la anterior (durante un año la reconocemos, para decir que es vieja). La
          persona adulta ve el pasaporte y los comentarios de cada menor, descarga sus datos con los suyos y puede
          borrarlo cuando quiera: se borra todo lo suyo. Si borra su propia cuenta, se borran también las de sus
          menores.
        </p>

        <h3 className="h4 mt-4" id="clases">
          Clases
        </h3>
        <p>
          Una maestra o un maestro con cuenta puede traer a su clase en «Tus clases». Al crear la clase declara que la
          escuela o las familias autorizaron su uso (el permiso que pide la ley para menores de 14 años): guardamos
          quién lo declaró, cuándo y el texto exacto. De cada estudiante guardamos solo un apodo, un dibujo, lo que
          desbloquea y sus comentarios; nunca su nombre real, su correo ni su año de nacimiento. Sus comentarios los ven
          solo su clase y quien la da, y solo después de que esa persona los apruebe; nunca aparecen en las páginas
          públicas. Cada estudiante entra con su tarjeta; en un dispositivo compartido su sesión se cierra sola tras{" "}
          {facts.studentIdleMinutes} minutos sin usarse, y el botón «Salir» está siempre a mano. Quien da la clase ve el
          tablero (qué capítulos desbloqueó cada estudiante), puede quitar a un estudiante y, al terminar el curso,
          «Cerrar la clase»: descarga el tablero en un archivo CSV y se borran en ese momento los estudiantes y todo lo
          suyo. No guardamos nada más de la clase.
        </p>

        <h3 className="h4 mt-4" id="analitica">
          Cookies y estadísticas
        </h3>
        <p>
          Usamos una cookie para mantener abierta la sesión de quien ingresa, otra para recordar su elección sobre
          estadísticas y otra para recordar los ajustes de lectura («Aa») en ese dispositivo. Las visitas se cuentan en
          nuestro propio servidor sin guardar quién las hizo.
        </p>
        <p data-testid="authors-statistics">
          Las autoras y el equipo del sitio ven estadísticas hechas solo de totales: cuántos lectores desbloquearon cada
          capítulo, cuántas visitas, escaneos, cuentas nuevas y comentarios hubo cada día, qué clanes se eligen. Ninguna
          cifra nombra a nadie ni muestra lo que hizo un lector, y cualquier total menor de {facts.smallCountLimit} se
          muestra como «&lt;{facts.smallCountLimit}», también en las descargas, para que no se pueda reconocer a ningún
          niño o niña. Esos totales no nombran a nadie, así que no bajan cuando se borra una cuenta o se cierra una
          clase: se borran los datos de la cuenta, no el número de lo que pasó aquel día.
        </p>
        {facts.analytics ? (
          <p>
            Además, con tu permiso, usamos Google Analytics para medir las visitas. Google solo se carga si eliges
            «Aceptar» en el aviso; con «Rechazar», o si no respondes, no se carga nada de Google. Google guarda esos
            datos según su propia política. Puedes cambiar tu elección cuando quieras con el enlace «Cookies» al pie de
            cada página.
          </p>
        ) : (
          <p>Este sitio no usa servicios de estadísticas de otras empresas.</p>
        )}

        <h3 className="h4 mt-4" id="derechos">
          Cómo ver, corregir o borrar los datos
        </h3>
        <ul>
          <li>
            <strong>Ver y descargar:</strong> «Descargar mis datos» en <Link to="/tu-perfil">Tu perfil</Link> entrega un
            archivo con todo lo que guardamos de la cuenta.
          </li>
          <li>
            <strong>Corregir:</strong> el apodo, la edad y el clan se cambian en Tu perfil.
          </li>
          <li>
            <strong>Borrar:</strong> «Borrar mi cuenta» en Tu perfil borra la cuenta, el perfil, los desbloqueos, los
            comentarios, los avisos y los mensajes enviados con ese correo, en ese momento.
          </li>
          <li>
            <strong>Preguntar o pedir ayuda:</strong> escríbenos desde <Link to="/contact">Contacto</Link>. Si creemos
            que no atendimos bien tu petición, puedes reclamar ante la Agencia Española de Protección de Datos
            (aepd.es).
          </li>
        </ul>
      </section>
    </div>
  );
}
