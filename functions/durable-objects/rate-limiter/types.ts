/** A rate limiter's answer to one counted attempt. */
export type Attempt = { allowed: boolean; count: number; retryAfterSeconds: number };
