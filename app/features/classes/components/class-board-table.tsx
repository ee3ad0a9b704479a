import type { Board } from "../class-board.server.ts";

/** 'Tablero de la clase': which chapters each student unlocked, in a table that scrolls sideways. */
export function ClassBoardTable({ board }: { board: Board }) {
  return (
    <>
      <h2 className="h4 mt-5">Tablero de la clase</h2>
      {board.notStarted.length > 0 && (
        <p data-testid="not-started">
          <strong>Todavía no empiezan:</strong> {board.notStarted.join(", ")}
        </p>
      )}
      {board.rows.length === 0 && <p>Cuando añadas estudiantes, aquí verás qué capítulos desbloquea cada quien.</p>}
      {board.rows.length > 0 && (
        <div
          className="class-board-scroll"
          tabIndex={0}
          role="region"
          aria-label="Capítulos desbloqueados por estudiante"
        >
          <table className="class-board" data-testid="class-board">
            <caption>Capítulos desbloqueados por cada estudiante (✓: lo desbloqueó con su código).</caption>
            <thead>
              <tr>
                <th scope="col">Estudiante</th>
                {board.chapters.map((chapter) => (
                  <th scope="col" key={chapter.id} title={chapter.title}>
                    <abbr title={chapter.title}>{chapter.number ?? "★"}</abbr>
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.apodo}</th>
                  {board.chapters.map((chapter) => (
                    <td key={chapter.id}>
                      {row.unlocked.includes(chapter.id) ? (
                        <span aria-label={`${chapter.title}: desbloqueado`} role="img">
                          ✓
                        </span>
                      ) : (
                        ""
                      )}
                    </td>
                  ))}
                  <td>{row.unlocked.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
