// Runs the alert engine on a timer in one replica at a time: each round first takes (or renews) a
// lease row in Postgres, so replicas never evaluate or notify twice. A lease, not an advisory lock,
// because a lock lives in one connection (or one transaction, and the embedded PGlite serializes
// transactions, so a long one would hold up every service), while a lease row needs neither.
import { randomUUID } from 'node:crypto';
import { AlertEngine, type QuotaUsedPct } from './alert-engine.js';
import { alertsParts, type AlertsContext } from './alerts.config.js';

const leaseName = 'alert-evaluator';
/** Notifications due for a retry are looked at this often, even when rules are evaluated less often. */
const deliveryPollMs = 1_000;

export function startAlertEvaluator(context: AlertsContext, options: { quotaUsedPct: QuotaUsedPct }): { stop(): Promise<void> } {
  const { settings, repository, secrets, webhooks, email } = alertsParts(context);
  const logger = context.logger.child({ component: 'alert-evaluator' });
  const engine = new AlertEngine({
    alerts: repository,
    secrets,
    webhooks,
    email,
    quotaUsedPct: options.quotaUsedPct,
    logger,
    deliveryAttempts: settings.METERING_ALERT_DELIVERY_ATTEMPTS,
    retryBaseMs: settings.METERING_ALERT_RETRY_BASE_MS,
  });
  const intervalMs = settings.METERING_ALERT_INTERVAL_MS;
  const period = Math.min(intervalMs, deliveryPollMs);
  // Long enough to outlast a slow round; a replica that dies is replaced after it runs out.
  const leaseMs = Math.max(3 * intervalMs, 4 * settings.METERING_ALERT_TIMEOUT_MS, 30_000);
  const holder = `${context.instanceId}:${randomUUID()}`;
  let lastEvaluation = 0;
  let stopped = false;
  let holding = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const runRound = async () => {
    try {
      const held = await repository.acquireLease(leaseName, holder, leaseMs);
      if (held !== holding) logger.info({ holder }, held ? 'this replica evaluates the alerts' : 'another replica evaluates the alerts');
      holding = held;
      if (!held) return;
      if (Date.now() - lastEvaluation >= intervalMs) {
        lastEvaluation = Date.now();
        await engine.evaluateAll(new Date());
      }
      await engine.deliverDue(new Date());
    } catch (error) {
      logger.warn({ err: error }, 'alert round failed; trying again next round');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runRound().finally(schedule);
    }, period);
    timer.unref();
  };
  schedule();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await round;
      if (holding) await repository.releaseLease(leaseName, holder).catch((error: unknown) => logger.warn({ err: error }, 'could not release the alert lease'));
      email.close();
    },
  };
}
