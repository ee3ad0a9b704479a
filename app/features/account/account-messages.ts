/** What readers read about deleting their account and downloading their data. */
export const ACCOUNT_MESSAGES = {
  deleteButton: "Borrar mi cuenta",
  deleteTitle: "¿Borrar tu cuenta para siempre?",
  deleteExplanation:
    "Se borrarán tu cuenta, tu perfil, tus personajes y capítulos desbloqueados, tus comentarios y todo lo que guardamos sobre ti. No se puede deshacer.",
  deleteConfirm: "Sí, borrar mi cuenta",
  deleteCancel: "Cancelar",
  deleteMissingConfirmation: "Confirma que quieres borrar tu cuenta con el botón «Sí, borrar mi cuenta».",
  lastAdmin:
    "No puedes borrar tu cuenta porque eres la única persona administradora. Primero nombra a otra persona administradora en el panel.",
  deleteFailed: "No pudimos borrar tu cuenta. Intenta de nuevo en un momento.",
  deleted: "Tu cuenta y tus datos se borraron.",
  summaryLink: "Ver mis datos para leer o imprimir",
  summaryHint:
    "Una página en palabras sencillas: tu perfil, tu clan, lo que desbloqueaste y tus comentarios, con sus fechas.",
  downloadButton: "Descargar mis datos",
  downloadHint:
    "El archivo completo (JSON) con todo lo que el sitio guarda sobre ti, para guardarlo o llevarlo a otro programa.",
} as const;
