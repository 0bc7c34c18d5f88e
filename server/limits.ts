/** Largest accepted upload; a real result is about 700 bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Per client address and minute: far above what a Kita sends (a few results per hour), far below a flood. */
export const DEFAULT_UPLOADS_PER_MINUTE = 600;
