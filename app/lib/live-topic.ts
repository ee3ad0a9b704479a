/** What a live topic may look like (`comments:<chapter>`, `characters`, …): checked where it is published and subscribed. */
export const TOPIC_PATTERN = /^[a-z0-9][a-z0-9:_-]{0,99}$/;
