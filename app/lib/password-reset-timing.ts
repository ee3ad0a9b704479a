/** A password reset link works once, for this long (told to readers, and given to better-auth). */
export const PASSWORD_RESET_LINK_MINUTES = 60;
