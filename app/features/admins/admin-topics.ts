/** The live topic every admin change announces (the navbar's Add Character link follows it). */
export const ADMINS_TOPIC = "admins";
