/**
 * A comment written without signal, waiting on the device (decisions 075 and 081): in the page's
 * outbox (comment-outbox.ts) and, where Background Sync exists, in the worker's
 * (worker-outbox.client.ts). Its own file, so neither of the two imports the other for it.
 */
export type OutgoingComment = { id: string; path: string; text: string; author?: string };
