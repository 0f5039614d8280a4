'use client';
import { useState } from 'react';
import { cancelOwnOrder } from '@/lib/api/orders';
import type { Order } from '@/lib/contract/orders';
import { useT } from '@/lib/i18n/i18n';
import { orderReference } from '@/lib/rules/order-reference';
import { useSession } from '@/lib/session/session-store';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/components/ui/error-message';
import styles from './orders-screen.module.scss';

/** What came of a cancel: said by the order's card, which outlives the button. */
export interface CancelOutcome {
  ok: boolean;
  text: string;
}

/**
 * The shopper cancels their own order while it is still placed: asked first, then the server decides (staff
 * may have started on it meanwhile: its 409 is shown as it says). Either way the history is read again
 * (`refresh`): the card then shows where the order stands, and `onOutcome` says what happened.
 */
export function CancelOrder({
  order,
  refresh,
  onOutcome,
}: {
  order: Order;
  refresh: () => Promise<void>;
  onOutcome: (outcome: CancelOutcome) => void;
}) {
  const t = useT();
  const { token } = useSession();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const reference = orderReference(order.id);

  async function cancel() {
    setAsking(false);
    if (!token) return;
    setBusy(true);
    let outcome: CancelOutcome;
    try {
      await cancelOwnOrder(token, order._id);
      outcome = { ok: true, text: t('orders.cancelDone', { reference }) };
    } catch (err) {
      outcome = { ok: false, text: errorMessage(err) };
    }
    await refresh().catch(() => {});
    setBusy(false);
    onOutcome(outcome);
  }

  return (
    <>
      <button
        type="button"
        className={styles.cancel}
        onClick={() => setAsking(true)}
        disabled={busy}
        aria-busy={busy}
      >
        {t('orders.cancel')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('orders.cancelTitle', { reference })}
        confirmLabel={t('orders.cancelYes')}
        cancelLabel={t('orders.cancelNo')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void cancel()}
      >
        <p>{t('orders.cancelText')}</p>
      </ConfirmDialog>
    </>
  );
}
