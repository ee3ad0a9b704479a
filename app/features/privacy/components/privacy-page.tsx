import { Link } from "react-router";
import { familyRows, type PrivacyFacts } from "./privacy-table-rows.ts";

export type { PrivacyFacts } from "./privacy-table-rows.ts";

/** /privacidad: a plain part for children first, then the full part for their families. */
export function PrivacyPage({ facts }: { facts: PrivacyFacts }) {
  return (
    <div className="container py-5 privacy-page">
      <h1 className="mb-4">Tu privacidad</h1>

      <ForReaders />

      <section aria-labelledby="para-familias">
        <h2 id="para-familias">Para las familias</h2>
        <p>
          Este sitio acompaña a un libro infantil. Lo pensamos para niñas y niños, así que guardamos lo mínimo, no
          mostramos publicidad y no compartimos datos con nadie para fines comerciales. Aquí está todo lo que guardamos,
          para qué, cuánto tiempo y quién lo ve.
        </p>

        <DataTable facts={facts} />
        <ChildrenAndClasses facts={facts} />
        <CookiesAndStatistics facts={facts} />
        <DataRights />
      </section>
    </div>
  );
}

/** The plain part, for the child who reads the book. */
function ForReaders() {
  return (
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
  );
}

/** Everything the site keeps, a row each: what, why, how long and who sees it. */
function DataTable({ facts }: { facts: PrivacyFacts }) {
  // On a phone the table scrolls sideways: a named region a keyboard can focus and scroll.
  return (
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
  );
}

/** Under 14: the law's permission, then children added by their family and students brought by their class. */
function ChildrenAndClasses({ facts }: { facts: PrivacyFacts }) {
  return (
    <>
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
        artículo 8 del Reglamento General de Protección de Datos) como su madre, padre o tutor legal: guardamos quién lo
        dio, cuándo y el texto exacto que aceptó. De cada menor guardamos solo un apodo, un dibujo, su año de
        nacimiento, un PIN cifrado, lo que desbloquea y sus comentarios, que siempre se revisan antes de publicarse;
        nunca su nombre real. Las tarjetas para entrar se guardan de forma que nadie pueda leerlas en nuestra base de
        datos, y una tarjeta nueva anula la anterior (durante un año la reconocemos, para decir que es vieja). La
        persona adulta ve el pasaporte y los comentarios de cada menor, descarga sus datos con los suyos y puede
        borrarlo cuando quiera: se borra todo lo suyo. Si borra su propia cuenta, se borran también las de sus menores.
      </p>

      <h3 className="h4 mt-4" id="clases">
        Clases
      </h3>
      <p>
        Una maestra o un maestro con cuenta puede traer a su clase en «Tus clases». Al crear la clase declara que la
        escuela o las familias autorizaron su uso (el permiso que pide la ley para menores de 14 años): guardamos quién
        lo declaró, cuándo y el texto exacto. De cada estudiante guardamos solo un apodo, un dibujo, lo que desbloquea y
        sus comentarios; nunca su nombre real, su correo ni su año de nacimiento. Sus comentarios los ven solo su clase
        y quien la da, y solo después de que esa persona los apruebe; nunca aparecen en las páginas públicas. Cada
        estudiante entra con su tarjeta; en un dispositivo compartido su sesión se cierra sola tras{" "}
        {facts.studentIdleMinutes} minutos sin usarse, y el botón «Salir» está siempre a mano. Quien da la clase ve el
        tablero (qué capítulos desbloqueó cada estudiante), puede quitar a un estudiante y, al terminar el curso,
        «Cerrar la clase»: descarga el tablero en un archivo CSV y se borran en ese momento los estudiantes y todo lo
        suyo. No guardamos nada más de la clase.
      </p>
    </>
  );
}

/** The cookies, the site's own statistics, and Google Analytics when it is on. */
function CookiesAndStatistics({ facts }: { facts: PrivacyFacts }) {
  return (
    <>
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
        niño o niña. Esos totales no nombran a nadie, así que no bajan cuando se borra una cuenta o se cierra una clase:
        se borran los datos de la cuenta, no el número de lo que pasó aquel día.
      </p>
      {facts.analytics ? (
        <p>
          Además, con tu permiso, usamos Google Analytics para medir las visitas. Google solo se carga si eliges
          «Aceptar» en el aviso; con «Rechazar», o si no respondes, no se carga nada de Google. Google guarda esos datos
          según su propia política. Puedes cambiar tu elección cuando quieras con el enlace «Cookies» al pie de cada
          página.
        </p>
      ) : (
        <p>Este sitio no usa servicios de estadísticas de otras empresas.</p>
      )}
    </>
  );
}

/** How to see, correct or delete the data, and whom to ask. */
function DataRights() {
  return (
    <>
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
          <strong>Preguntar o pedir ayuda:</strong> escríbenos desde <Link to="/contact">Contacto</Link>. Si creemos que
          no atendimos bien tu petición, puedes reclamar ante la Agencia Española de Protección de Datos (aepd.es).
        </li>
      </ul>
    </>
  );
}
