import { Link } from "react-router";

/**
 * On a family's device, '¿Quién lee?' on the pages a child lands on after 'Salir' or a
 * reload (home, /login): a picture and a PIN, not the adult's e-mail form (issue 39). A plain
 * link, drawn with the page's HTML.
 */
export function FamilyDeviceInvite() {
  return (
    <div className="container mt-3">
      <p className="mb-0">
        ¿Lee una niña o un niño de esta familia?{" "}
        <Link to="/quien-lee" className="btn btn-warning">
          ¿Quién lee?
        </Link>
      </p>
    </div>
  );
}
