import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../components/toast';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import { FormDialog } from '../parts/form-dialog';
import {
  boundRefusalAt,
  digitsTyped,
  moneyTyped,
  problemsOf,
  useLedgerPost,
  type FieldProblems,
} from './ledger-form';
import { useVoucher, VoucherInput, type VoucherRules } from './voucher';

export type Direction = 'add' | 'deduct';

/** What the user asked for, as the dialog sends it to `request`. */
export interface LedgerChange {
  direction: Direction;
  /** As typed (a money text or digits). */
  amount: string;
  /** Trimmed ('' when none was given). */
  reason: string;
  /** The uploaded voucher, when there is one. */
  attachId?: string;
}

export interface LedgerChangeDialogProps {
  /** Texts are in the console's language (the caller's `t`). */
  title: string;
  /** The ledger's state the change starts from ('当前余额 …'). */
  current: string;
  submitLabel: string;
  cancelLabel: string;
  /** Add or deduct, chosen first; without it the change adds (a top-up). */
  direction?: {
    label: string;
    add: string;
    deduct: string;
    /** The server's name of the choice, when it refuses it there ('type'). */
    field?: string;
  };
  amount: {
    /** The field's name in the server's refusals. */
    field: string;
    label: string;
    /** 'money': yuan (the server's bound refusal is this field's); 'whole': a count. */
    kind: 'money' | 'whole';
    problem(value: string, direction: Direction): MessageKey | undefined;
  };
  reason: {
    label: string;
    hint?: string;
    required: boolean;
    max: number;
    missing: MessageKey;
    tooLong: MessageKey;
  };
  /** The voucher file (uploaded as it is chosen); `missing`: it is required, said so. */
  voucher?: { rules: VoucherRules; label: string; missing?: MessageKey };
  /** The lists the change reloads. */
  services: readonly string[];
  request(change: LedgerChange): { path: string; body: Record<string, unknown> };
  /** What the success says (a toast), from the server's answer. */
  done(answer: unknown): string;
  /** After the change the dialog says it and waits for this button (else it closes). */
  closeLabel?: string;
  onClose(changed?: boolean): void;
}

/**
 * A change of a ledger by hand (issue 18 item 4, issue 27 items 2 and 6): a supplier's or a
 * good's quota, an app's prepay (top-up, adjustment), an app's stock. The fields are checked
 * here, then the change is sent once with its Idempotency-Key; a refusal shows each refused
 * field at its field, anything else as a toast.
 */
export function LedgerChangeDialog(props: LedgerChangeDialogProps) {
  const { direction: choice, amount: amountSpec, reason: reasonSpec, voucher: voucherSpec } = props;
  const t = useT();
  const [direction, setDirection] = useState<Direction>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldProblems>({});
  const [done, setDone] = useState<string>();
  const refusal = useRefusal(
    [
      ...(choice?.field ? [choice.field] : []),
      amountSpec.field,
      'reason',
      ...(voucherSpec ? ['file'] : []),
    ],
    { attachId: 'file' },
  );
  const voucher = useVoucher(voucherSpec?.rules, (error) =>
    refusal.show(error, t('errors.submitFailed')),
  );
  const send = useLedgerPost(props.services);
  const money = amountSpec.kind === 'money';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const found = problemsOf({
      [amountSpec.field]: amountSpec.problem(amount, direction),
      reason:
        reasonSpec.required && !text
          ? reasonSpec.missing
          : [...text].length > reasonSpec.max
            ? reasonSpec.tooLong
            : undefined,
      file: voucher.problem ?? (!voucher.attach ? voucherSpec?.missing : undefined),
    });
    setErrors(found);
    if (Object.keys(found).length > 0 || voucher.uploading) return;
    refusal.clear();
    const outcome = await send.run(
      props.request({
        direction,
        amount,
        reason: text,
        ...(voucher.attach ? { attachId: voucher.attach.attachId } : {}),
      }),
    );
    if (outcome.ok) {
      const said = props.done(outcome.value);
      toast('success', said);
      if (props.closeLabel) setDone(said);
      else props.onClose(true);
    } else if (outcome.error !== undefined) {
      const error = money ? boundRefusalAt(outcome.error, amountSpec.field) : outcome.error;
      refusal.show(error, t('errors.submitFailed'));
    }
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  if (done !== undefined)
    return (
      <Modal opened onClose={() => props.onClose(true)} title={props.title}>
        <Stack gap="md">
          <Alert color="green" role="status">
            {done}
          </Alert>
          <Group justify="flex-end">
            <Button data-autofocus onClick={() => props.onClose(true)}>
              {props.closeLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <FormDialog
      title={props.title}
      busy={send.busy || voucher.uploading}
      submitLabel={props.submitLabel}
      cancelLabel={props.cancelLabel}
      onSubmit={(e) => void submit(e)}
      onClose={props.onClose}
    >
      <Text size="sm" c="dimmed">
        {props.current}
      </Text>
      {choice && (
        <Radio.Group
          label={choice.label}
          value={direction}
          onChange={(v) => setDirection(v as Direction)}
          required
          error={choice.field ? err(choice.field) : undefined}
        >
          <Group mt="xs">
            <Radio value="add" label={choice.add} data-autofocus />
            <Radio value="deduct" label={choice.deduct} />
          </Group>
        </Radio.Group>
      )}
      <TextInput
        label={amountSpec.label}
        required
        inputMode={money ? 'decimal' : 'numeric'}
        data-autofocus={!choice || undefined}
        value={amount}
        onChange={(e) => setAmount((money ? moneyTyped : digitsTyped)(e.currentTarget.value))}
        error={err(amountSpec.field)}
      />
      <Textarea
        label={reasonSpec.label}
        description={reasonSpec.hint}
        required={reasonSpec.required}
        autosize
        minRows={2}
        maxLength={reasonSpec.max}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={err('reason')}
      />
      {voucherSpec && (
        <VoucherInput
          label={voucherSpec.label}
          required={Boolean(voucherSpec.missing)}
          rules={voucherSpec.rules}
          voucher={voucher}
          error={voucher.problem ? t(voucher.problem) : err('file')}
          onChoose={() => setErrors((e) => ({ ...e, file: undefined }))}
        />
      )}
    </FormDialog>
  );
}
