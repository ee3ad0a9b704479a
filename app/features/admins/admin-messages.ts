/** SPEC.md §8's exact strings, and ours in Spanish where it is silent. */
export const ADMIN_MESSAGES = {
  added: "Admin added successfully",
  removed: "Admin removed successfully",
  noUser: "No user found with this email",
  loadError: "Error loading admins: ",
  removeError: "Error removing admin: ",
  confirmRemove: "Are you sure you want to remove this admin?",
  lastAdmin: "No se puede quitar al último administrador.",
  notAdmin: "Esa persona no es administradora.",
  alreadyAdmin: "Esa persona ya es administradora.",
  emailRequired: "Escribe un correo electrónico.",
  emailInvalid: "Escribe un correo electrónico válido.",
  unknownAction: "Acción desconocida.",
} as const;
