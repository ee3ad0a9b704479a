import { redirect } from "react-router";

/** SPEC.md's active-section map knows /profile; the page lives at /tu-perfil. */
export const loader = () => redirect("/tu-perfil", 301);
