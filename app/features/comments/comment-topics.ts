/** The live topic of one chapter's comments (server publishes, the page subscribes). */
export const commentsTopic = (sectionId: string) => `comments:${sectionId}`;
