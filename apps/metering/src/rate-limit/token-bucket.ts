// A token bucket (the model of Envoy's and Stripe's limiters): `burst` tokens at most, refilled
// continuously at `perSecond`. Refill is computed lazily from the time of the last take, so an idle
// bucket costs nothing and a decision is a few arithmetic operations.

export interface BucketShape {
  perSecond: number;
  burst: number;
}

export interface Take {
  allowed: boolean;
  /** Tokens taken. */
  granted: number;
  /** Whole tokens left after this take. */
  remaining: number;
  /** Milliseconds until the bucket is full again. */
  resetMs: number;
  /** Milliseconds until `cost` tokens are there again (0 when allowed). */
  retryAfterMs: number;
}

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private shape: BucketShape,
    now: number,
  ) {
    this.tokens = shape.burst;
    this.updatedAt = now;
  }

  /** A plan change keeps what was used: the tokens are capped at the new burst, not refilled. */
  reshape(shape: BucketShape): void {
    if (shape.perSecond === this.shape.perSecond && shape.burst === this.shape.burst) return;
    this.shape = shape;
    this.tokens = Math.min(this.tokens, shape.burst);
  }

  /**
   * Takes `cost` tokens, or none when fewer are there. With `partial`, takes as many whole tokens
   * as are there up to `cost` (at least one; none when not even one is): `granted` says how many.
   */
  take(cost: number, now: number, partial = false): Take {
    this.refill(now);
    const { perSecond, burst } = this.shape;
    const granted = partial ? Math.min(cost, Math.floor(this.tokens)) : this.tokens >= cost ? cost : 0;
    const allowed = granted > 0 || cost === 0;
    this.tokens -= granted;
    const missing = allowed ? 0 : Math.min(partial ? 1 : cost, burst) - this.tokens;
    return {
      allowed,
      granted,
      remaining: Math.floor(this.tokens),
      resetMs: Math.ceil(((burst - this.tokens) / perSecond) * 1000),
      retryAfterMs: allowed ? 0 : Math.max(1, Math.ceil((missing / perSecond) * 1000)),
    };
  }

  /** Tokens taken earlier and not used come back, up to the burst. */
  give(tokens: number, now: number): void {
    this.refill(now);
    this.tokens = Math.min(this.shape.burst, this.tokens + Math.max(0, tokens));
  }

  /** Whether the bucket is full at `now` (a full bucket can be forgotten: a new one starts full). */
  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.shape.burst;
  }

  private refill(now: number): void {
    const elapsed = now - this.updatedAt;
    if (elapsed > 0) {
      this.tokens = Math.min(this.shape.burst, this.tokens + (elapsed / 1000) * this.shape.perSecond);
      this.updatedAt = now;
    }
  }
}
