/** What readers see of reading comfort (issue 44 §2 and §3), in one place. */
export const READING_MESSAGES = {
  settingsSummary: "Aa",
  settingsName: "Ajustes de lectura",
  sizeLegend: "Tamaño del texto",
  sizes: { normal: "Normal", grande: "Grande", enorme: "Muy grande" },
  spacingLegend: "Espacio entre letras y palabras",
  spacings: { normal: "Normal", amplio: "Amplio" },
  linesLegend: "Espacio entre líneas",
  lines: { normal: "Normal", amplio: "Amplio" },
  themeLegend: "Colores",
  themes: { claro: "Claro", sepia: "Sepia", oscuro: "Oscuro" },
  apply: "Aplicar",
  resume: "Seguir donde me quedé",
} as const;
