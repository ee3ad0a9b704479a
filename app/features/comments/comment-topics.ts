/** The live topic of one chapter's comments (server publishes, the page subscribes). */
export const commentsTopic = (sectionId: string) => `comments:${sectionId}`;

/** The admins' queue of held and reported comments (/adminpanel/comentarios). */
export const COMMENTS_QUEUE_TOPIC = "comments-queue";
