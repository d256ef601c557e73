// The billing information step of the checkout (spec section 4 "Checkout": with no billing country, a
// modal asks for billing information first): the profile's billing card in a dialog, checked by the same
// rules (runtime/validation/billing) and saved through the profile edit, keeping the name and e-mail.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { userModelQueryOptions, queryKeys } from '../../../../renderers/data/queries';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { showToast } from '../../../../renderers/ui/toast';
import { saveProfile } from '../../../../runtime/client/account';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { billingErrors, billingForm, billingPayload, type BillingForm } from '../../../../runtime/validation/billing';
import { BillingCard } from '../account/profile/BillingCard';
import { fieldMessages, messagesOf, type FieldMessageMap } from '../account/fields';
import { Loading } from '../../components/LoadState';

function BillingStepForm({ initial, onSaved, onClose }: { initial: BillingForm; onSaved: () => void; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const user = useQuery(userModelQueryOptions());
  const [billing, setBilling] = useState(initial);
  const [fields, setFields] = useState<FieldMessageMap>({});
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = billingErrors(billing);
    if (Object.keys(local).length > 0 || !user.data) {
      setFields(messagesOf(local));
      showToast('fieldsNotValid', 'danger');
      return;
    }
    setPending(true);
    try {
      const saved = await saveProfile({ name: user.data.name ?? '', email: user.data.email ?? '', billing_address: billingPayload(billing) });
      queryClient.setQueryData(queryKeys.userModel, saved);
      onSaved();
    } catch (error) {
      if (isApiRequestError(error) && error.status === 417) {
        setFields(fieldMessages(error.fieldErrors));
        showToast('fieldsNotValid', 'danger');
      } else showToast(isApiRequestError(error) ? error.messageKey : 'unexpectedError', 'danger');
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="checkout-billing-form">
      <BillingCard billing={billing} fields={fields} onChange={(patch) => setBilling((b) => ({ ...b, ...patch }))} />
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
        <button type="submit" className="button button-primary" disabled={pending} data-testid="checkout-billing-save">
          <FormattedMessage id="checkout.billingSave" />
        </button>
      </div>
    </form>
  );
}

export function BillingModal({ open, onSaved, onClose }: { open: boolean; onSaved: () => void; onClose: () => void }) {
  const user = useQuery({ ...userModelQueryOptions(), enabled: open });
  return (
    <Dialog open={open} onClose={onClose} testId="checkout-billing-modal" wide title={<FormattedMessage id="checkout.billingStep" />}>
      <p className="muted">
        <FormattedMessage id="checkout.billingIntro" />
      </p>
      {user.data ? <BillingStepForm initial={billingForm(user.data.billing_address)} onSaved={onSaved} onClose={onClose} /> : <Loading />}
    </Dialog>
  );
}
