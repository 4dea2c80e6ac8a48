import {
  Alert,
  Button,
  Center,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { useConfirm } from '../../components/confirm-dialog';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import {
  AUTO_IMPORT_MAX,
  CODE_MAX_LENGTH,
  COUPON_CODE_CALLS,
  HANDLE_REMARK_MAX,
  INVALID_LIST_MAX,
  MANUAL_OBTAIN_MAX,
  type CodeChangeResult,
  type CodeImportResult,
  type CouponGood,
  type InvalidByListResult,
  type RecoveryResult,
  type RenewStatusResult,
  type SupCouponCode,
  type SupCouponCodeRecovery,
} from '../../contracts/platform-supplier/coupon-code';
import type { MessageKey } from '../../i18n';
import { saveBlob } from '../../lib/save-blob';
import { useLang, useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';
import { downloadCodeTemplate, messageOf, useCodeWriteMutation, useSendOnce } from './code-api';
import { CODE_STATES, COUPON_GOODS_SOURCE } from './code-options';

/** The tenant's coupon-code goods as select options ("商品名称（供应商）"). */
export function useCouponGoods() {
  const t = useT();
  const goods = useResourceOptionsQuery({ path: COUPON_GOODS_SOURCE.path });
  const list = Array.isArray(goods.data) ? (goods.data as CouponGood[]) : [];
  return {
    loading: goods.isLoading,
    options: list.map((g) => ({
      value: String(g.id),
      label: g.supName
        ? t('couponCode.goodOption', { good: g.goodName, supplier: g.supName })
        : g.goodName,
    })),
  };
}

/** One write of the coupon code calls, sent once, with its Idempotency-Key. */
export function useCodeWrite<R>() {
  const [write] = useCodeWriteMutation();
  return useSendOnce(
    ({ path, body }: { path: string; body: Record<string, unknown> }, idempotencyKey) =>
      write({ path, body, idempotencyKey }).unwrap() as Promise<R>,
  );
}

function Failure({ text }: { text: string | undefined }) {
  return text ? (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  ) : null;
}

interface ConfirmWriteProps<R> {
  title: string;
  message: string;
  path: string;
  body: Record<string, unknown>;
  submitLabel?: string;
  color?: string;
  /** The toast after success. */
  done(result: R): string;
  /** What stays in the dialog after success (the dialog then offers Close only). */
  outcome?(result: R): ReactNode;
  onClose(changed?: boolean): void;
}

/**
 * A confirmed write over the selected rows: the confirm button has the focus (Enter sends), is
 * disabled while the call runs, and a repeated Enter or double click sends one request.
 */
function ConfirmWrite<R>({
  title,
  message,
  path,
  body,
  submitLabel,
  color,
  done,
  outcome,
  onClose,
}: ConfirmWriteProps<R>) {
  const t = useT();
  const { run, busy } = useCodeWrite<R>();
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<R>();
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(undefined);
    const answer = await run({ path, body });
    if (answer.ok) {
      toast('success', done(answer.value));
      if (outcome) setResult(answer.value);
      else onClose(true);
    } else if (answer.error !== undefined) {
      setFailure(messageOf(answer.error, t('errors.submitFailed')));
    }
  };
  const close = () => {
    if (!busy) onClose(result !== undefined);
  };
  return (
    <Modal opened onClose={close} title={title} closeOnEscape={!busy}>
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          <div aria-live="polite">
            {result !== undefined && outcome?.(result)}
            <Failure text={failure} />
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t(result === undefined ? 'couponCode.cancel' : 'couponCode.close')}
            </Button>
            {result === undefined && (
              <Button type="submit" color={color} loading={busy} disabled={busy} data-autofocus>
                {submitLabel ?? t('couponCode.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** 作废 (selected codes): invalid-coupon, all or nothing. */
export function InvalidDialog({ rows, onClose }: ActionDialogProps<SupCouponCode>) {
  const t = useT();
  return (
    <ConfirmWrite<CodeChangeResult>
      title={t('couponCode.invalid.title')}
      message={t('couponCode.invalid.confirm', { count: rows.length })}
      path={COUPON_CODE_CALLS.invalid}
      body={{ ids: ids(rows) }}
      color="red"
      done={(r) => t('couponCode.invalid.done', { count: r.count })}
      onClose={onClose}
    />
  );
}

/** 回收 (selected invalid codes): recovery-coupon, all or nothing. */
export function RecoverDialog({ rows, onClose }: ActionDialogProps<SupCouponCode>) {
  const t = useT();
  return (
    <ConfirmWrite<CodeChangeResult>
      title={t('couponCode.recover.title')}
      message={t('couponCode.recover.confirm', { count: rows.length })}
      path={COUPON_CODE_CALLS.recover}
      body={{ ids: ids(rows) }}
      done={(r) => t('couponCode.recover.done', { count: r.count })}
      onClose={onClose}
    />
  );
}

/** 刷新状态 (used codes): the supplier's interface asked about each selected code. */
export function RenewStatusDialog({ rows, onClose }: ActionDialogProps<SupCouponCode>) {
  const t = useT();
  const summary = (r: RenewStatusResult) =>
    t('couponCode.renew.done', {
      checked: r.checked,
      markedUsed: r.markedUsed,
      unchanged: r.unchanged,
    });
  return (
    <ConfirmWrite<RenewStatusResult>
      title={t('couponCode.renew.title')}
      message={t('couponCode.renew.confirm', { count: rows.length })}
      path={COUPON_CODE_CALLS.renewStatus}
      body={{ ids: ids(rows) }}
      done={summary}
      outcome={(r) => (
        <Stack gap={4}>
          <Text size="sm">{summary(r)}</Text>
          {r.reportedUnused.length > 0 && (
            <Text size="sm" c="orange.8">
              {t('couponCode.renew.reportedUnused', {
                codes: r.reportedUnused.join(t('couponCode.listJoin')),
              })}
            </Text>
          )}
        </Stack>
      )}
      onClose={onClose}
    />
  );
}

/** 撤销核销 (used codes): used -> issued. */
export function CancelUseDialog({ rows, onClose }: ActionDialogProps<SupCouponCode>) {
  const t = useT();
  return (
    <ConfirmWrite<CodeChangeResult>
      title={t('couponCode.cancelUse.title')}
      message={t('couponCode.cancelUse.confirm', { count: rows.length })}
      path={COUPON_CODE_CALLS.cancelUse}
      body={{ ids: ids(rows) }}
      color="orange"
      done={(r) => t('couponCode.cancelUse.done', { count: r.count })}
      onClose={onClose}
    />
  );
}

function GoodSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string | null;
  onChange(value: string | null): void;
  error?: ReactNode;
  disabled?: boolean;
}) {
  const t = useT();
  const goods = useCouponGoods();
  return (
    <SearchSelect
      label={t('couponCode.good')}
      data={goods.options}
      value={value}
      onChange={onChange}
      withAsterisk
      data-autofocus
      disabled={disabled}
      error={error}
      placeholder={goods.loading ? t('couponCode.goodsLoading') : undefined}
      nothingFoundMessage={t('couponCode.noGoods')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** 自动导入 / 手动取卡: the supplier's interface fetches `quantity` codes into a new batch. */
function FetchDialog({
  kind,
  onClose,
}: {
  kind: 'auto' | 'manual';
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const max = kind === 'auto' ? AUTO_IMPORT_MAX : MANUAL_OBTAIN_MAX;
  const path = kind === 'auto' ? COUPON_CODE_CALLS.autoImport : COUPON_CODE_CALLS.manualObtain;
  const [goodId, setGoodId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<string | number>('');
  const [problem, setProblem] = useState<{ good?: string; quantity?: string }>({});
  const refusal = useRefusal(['goodId', 'quantity']);
  const { run, busy } = useCodeWrite<CodeImportResult>();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    const count = Number(quantity);
    const wrong = {
      ...(goodId ? {} : { good: t('couponCode.goodRequired') }),
      ...(Number.isInteger(count) && count >= 1 && count <= max
        ? {}
        : { quantity: t('couponCode.quantityRange', { max }) }),
    };
    setProblem(wrong);
    if (Object.keys(wrong).length > 0) return;
    const answer = await run({ path, body: { goodId, quantity: count } });
    if (answer.ok) {
      toast(
        'success',
        t('couponCode.fetch.done', {
          count: answer.value.created,
          batchNo: answer.value.batchNo ?? '',
        }),
      );
      onClose(true);
    } else if (answer.error !== undefined) {
      refusal.show(answer.error, t('errors.submitFailed'));
    }
  };
  const close = () => {
    if (!busy) onClose(false);
  };
  return (
    <Modal
      opened
      onClose={close}
      title={t(kind === 'auto' ? 'couponCode.auto.title' : 'couponCode.manual.title')}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t(kind === 'auto' ? 'couponCode.auto.hint' : 'couponCode.manual.hint', { max })}
          </Text>
          <GoodSelect
            value={goodId}
            onChange={setGoodId}
            error={problem.good ?? refusal.error('goodId')}
            disabled={busy}
          />
          <NumberInput
            label={t('couponCode.quantity')}
            value={quantity}
            onChange={setQuantity}
            min={1}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            disabled={busy}
            error={problem.quantity ?? refusal.error('quantity')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('couponCode.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {t(kind === 'auto' ? 'couponCode.auto.submit' : 'couponCode.manual.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Dialogs that need no rows fit any declaration's actions. */
interface Closable {
  onClose(changed?: boolean): void;
}

export function AutoImportDialog({ onClose }: Closable) {
  return <FetchDialog kind="auto" onClose={onClose} />;
}

export function ManualObtainDialog({ onClose }: Closable) {
  return <FetchDialog kind="manual" onClose={onClose} />;
}

/** 下载模板 (toolbar): downloads the template at once, then closes. */
export function TemplateDialog({ onClose }: Closable) {
  const t = useT();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    downloadCodeTemplate().then(
      (blob) => {
        saveBlob(blob, t('couponCode.import.templateFile'));
        onClose(false);
      },
      (error: unknown) => {
        toast('error', messageOf(error, t('couponCode.import.templateFailed')));
        onClose(false);
      },
    );
  }, [onClose, t]);
  return (
    <Modal opened onClose={() => onClose(false)} title={t('couponCode.import.template')}>
      <Center h={80}>
        <Loader aria-label={t('couponCode.template.loading')} />
      </Center>
    </Modal>
  );
}

/**
 * How the server tells codes apart (server coupon-code/code-crypto.ts `codeKey`): case and
 * full-width forms ignored, so `abc-1` and `ABC-1` are one code.
 */
const codeKey = (code: string) => code.normalize('NFKC').trim().toUpperCase();

/**
 * The pasted list of 按券码作废: one code a line or comma-separated, blanks dropped, each code
 * once (the first spelling kept; `repeats` counts the others); the problem (a message key) when
 * it is empty, too long, or has a code over the length limit.
 */
export function parseCodeList(text: string): {
  codes: string[];
  repeats: number;
  problem?: { key: MessageKey; params?: Record<string, number> };
} {
  const lines = text.split(/\r?\n/);
  const byKey = new Map<string, string>();
  let repeats = 0;
  for (const [index, line] of lines.entries()) {
    for (const part of line.split(/[,，]/)) {
      const code = part.trim();
      if (!code) continue;
      if (code.length > CODE_MAX_LENGTH)
        return {
          codes: [...byKey.values()],
          repeats,
          problem: {
            key: 'couponCode.list.tooLong',
            params: { line: index + 1, max: CODE_MAX_LENGTH },
          },
        };
      if (byKey.has(codeKey(code))) repeats += 1;
      else byKey.set(codeKey(code), code);
    }
  }
  const codes = [...byKey.values()];
  if (codes.length === 0) return { codes, repeats, problem: { key: 'couponCode.list.empty' } };
  if (codes.length > INVALID_LIST_MAX)
    return {
      codes,
      repeats,
      problem: { key: 'couponCode.list.tooMany', params: { max: INVALID_LIST_MAX } },
    };
  return { codes, repeats };
}

/**
 * 按券码作废: invalid-coupon2 over a pasted list, each code once, after a confirmation naming how
 * many; then how many were invalidated, and the codes not found (or whose state refuses it) in
 * full, as typed: the user typed them, and a mask would hide which line it was.
 */
export function InvalidByListDialog({ onClose }: Closable) {
  const t = useT();
  const lang = useLang();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const refusal = useRefusal(['codes']);
  const [result, setResult] = useState<InvalidByListResult>();
  const [confirmDialog, confirm, asking] = useConfirm();
  const { run, busy } = useCodeWrite<InvalidByListResult>();
  const parsed = parseCodeList(text);
  const stateName = (state: string) =>
    CODE_STATES.find((s) => s.value === state)?.label[lang] ?? state;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    if (parsed.problem) {
      setProblem(t(parsed.problem.key, parsed.problem.params));
      return;
    }
    setProblem(undefined);
    if (busy || !(await confirm(t('couponCode.list.confirm', { count: parsed.codes.length }))))
      return;
    const answer = await run({
      path: COUPON_CODE_CALLS.invalidByList,
      body: { codes: parsed.codes.join('\n') },
    });
    if (answer.ok) {
      setResult(answer.value);
      toast('success', t('couponCode.invalid.done', { count: answer.value.count }));
    } else if (answer.error !== undefined) {
      refusal.show(answer.error, t('errors.submitFailed'));
    }
  };
  const close = () => {
    if (!busy) onClose(result !== undefined && result.count > 0);
  };
  const refused = result?.refused ?? [];
  return (
    <Modal
      opened
      onClose={close}
      title={t('couponCode.list.title')}
      size="lg"
      closeOnEscape={!busy && !asking}
    >
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <Textarea
            label={t('couponCode.list.label')}
            description={t('couponCode.list.hint', { max: INVALID_LIST_MAX })}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setProblem(undefined);
              refusal.clear('codes');
              setResult(undefined);
            }}
            onKeyDown={(e) => {
              // Enter adds a line; Ctrl/Cmd+Enter sends.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            autosize
            minRows={6}
            maxRows={14}
            withAsterisk
            data-autofocus
            disabled={busy}
            error={problem ?? refusal.error('codes')}
            spellCheck={false}
            autoComplete="off"
          />
          <Text size="sm" c="dimmed">
            {parsed.repeats > 0
              ? t('couponCode.list.countRepeats', {
                  count: parsed.codes.length,
                  repeats: parsed.repeats,
                })
              : t('couponCode.list.count', { count: parsed.codes.length })}
          </Text>
          <div aria-live="polite">
            {result && (
              <Alert color={result.count > 0 ? 'green' : 'yellow'} variant="light">
                <Stack gap={4}>
                  <Text size="sm">{t('couponCode.list.result', { count: result.count })}</Text>
                  {result.notFound.length > 0 && (
                    <>
                      <Text size="sm">
                        {t('couponCode.list.notFound', { count: result.notFound.length })}
                      </Text>
                      <List size="sm" spacing={0}>
                        {result.notFound.map((code, i) => (
                          <List.Item key={`${code}-${i}`}>{code}</List.Item>
                        ))}
                      </List>
                    </>
                  )}
                  {refused.length > 0 && (
                    <>
                      <Text size="sm">
                        {t('couponCode.list.refused', { count: refused.length })}
                      </Text>
                      <List size="sm" spacing={0}>
                        {refused.map((r, i) => (
                          <List.Item key={`${r.code}-${i}`}>
                            {t('couponCode.list.refusedItem', {
                              code: r.code || r.codeMask,
                              state: stateName(r.state),
                            })}
                          </List.Item>
                        ))}
                      </List>
                    </>
                  )}
                </Stack>
              </Alert>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('couponCode.close')}
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={busy}>
              {t('couponCode.list.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {confirmDialog}
    </Modal>
  );
}

/** 处理 (pending recovery records): restock or discard the codes, with a remark. */
export function HandleDialog({ rows, onClose }: ActionDialogProps<SupCouponCodeRecovery>) {
  const t = useT();
  const [result, setResult] = useState<RecoveryResult>('restock');
  const [remark, setRemark] = useState('');
  const refusal = useRefusal(['result', 'remark']);
  const { run, busy } = useCodeWrite<CodeChangeResult>();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    const answer = await run({
      path: COUPON_CODE_CALLS.recoveryHandle,
      body: { ids: ids(rows), result, ...(remark.trim() ? { remark: remark.trim() } : {}) },
    });
    if (answer.ok) {
      toast('success', t('couponCode.handle.done', { count: answer.value.count }));
      onClose(true);
    } else if (answer.error !== undefined) {
      refusal.show(answer.error, t('errors.submitFailed'));
    }
  };
  const close = () => {
    if (!busy) onClose(false);
  };
  return (
    <Modal opened onClose={close} title={t('couponCode.handle.title')} closeOnEscape={!busy}>
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('couponCode.handle.hint', { count: rows.length })}
          </Text>
          <Radio.Group
            label={t('couponCode.handle.result')}
            value={result}
            onChange={(v) => setResult(v as RecoveryResult)}
            withAsterisk
            error={refusal.error('result')}
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="restock"
                label={t('couponCode.handle.restock')}
                description={t('couponCode.handle.restockHint')}
                disabled={busy}
                data-autofocus
              />
              <Radio
                value="discard"
                label={t('couponCode.handle.discard')}
                description={t('couponCode.handle.discardHint')}
                disabled={busy}
              />
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('couponCode.handle.remark')}
            value={remark}
            onChange={(e) => {
              setRemark(e.currentTarget.value);
              refusal.clear('remark');
            }}
            maxLength={HANDLE_REMARK_MAX}
            disabled={busy}
            error={refusal.error('remark')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('couponCode.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {t('couponCode.handle.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
