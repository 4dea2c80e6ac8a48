import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { apiRequest } from '../../api/client';
import { COUPON_CODE_CALLS, type CodeFindHit } from '../../contracts/platform-supplier/coupon-code';
import { useLang, useT } from '../../state/hooks';
import { ResourceScreen } from '../engine/resource-screen';
import type { ResourceDef } from '../types';
import { messageOf, sealCode } from './code-api';
import { CODE_STATES } from './code-options';
import { TraceDrawer } from './code-trace-drawer';
import { takeTrace, useTraceRequest } from './code-trace-request';
import used from './coupon-code-used';

/**
 * One exact code's matches (the palette's `c:` look-up and the tracing screen's): the code goes
 * RSA-encrypted in a POST body (`find`), never in a URL or a log.
 */
export async function findCodes(code: string): Promise<CodeFindHit[]> {
  const couponCode2 = await sealCode(code);
  const hits = await apiRequest<CodeFindHit[] | null>({
    url: COUPON_CODE_CALLS.find,
    method: 'POST',
    body: { couponCode2 },
    silent: true,
  });
  return Array.isArray(hits) ? hits : [];
}

/** The 溯源 look-up: an exact code, then its history (or a choice among a few matches). */
function TraceLookup({ onOpen }: { onOpen(id: string): void }) {
  const t = useT();
  const lang = useLang();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [hits, setHits] = useState<CodeFindHit[]>();
  const [failure, setFailure] = useState<string>();
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const plain = code.trim();
    if (!plain || busy) return;
    setBusy(true);
    setFailure(undefined);
    setHits(undefined);
    try {
      const found = await findCodes(plain);
      setHits(found);
      if (found.length === 1) onOpen(found[0]!.id);
    } catch (error) {
      setFailure(messageOf(error, t('couponCode.trace.notFound')));
    } finally {
      setBusy(false);
    }
  };
  const stateName = (state: string) =>
    CODE_STATES.find((s) => s.value === state)?.label[lang] ?? state;
  return (
    <Paper withBorder p="sm">
      <form onSubmit={(e) => void search(e)} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('couponCode.trace.lookup')}
            placeholder={t('couponCode.trace.codePlaceholder')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            maxLength={128}
            autoComplete="off"
            spellCheck={false}
            w={320}
          />
          <Button type="submit" loading={busy}>
            {t('couponCode.trace.search')}
          </Button>
        </Group>
      </form>
      <div aria-live="polite">
        {hits && hits.length === 0 && (
          <Text size="sm" c="dimmed" mt="xs">
            {t('couponCode.trace.notFound')}
          </Text>
        )}
        {hits && hits.length > 1 && (
          <Stack gap={4} mt="xs" align="flex-start">
            <Text size="sm">{t('couponCode.trace.hits', { count: hits.length })}</Text>
            {hits.map((hit) => (
              <Button key={hit.id} variant="subtle" size="xs" onClick={() => onOpen(hit.id)}>
                {`${hit.codeMask} · ${hit.goodName} · ${hit.supName} · ${stateName(hit.state)}`}
              </Button>
            ))}
          </Stack>
        )}
        {failure && (
          <Alert color="red" variant="light" mt="xs">
            {failure}
          </Alert>
        )}
      </div>
    </Paper>
  );
}

/**
 * /supplier/code-batch/source-management (券码溯源管理): the issued and used codes, the 溯源
 * look-up, and the history drawer, which the palette's `c:` look-up opens too.
 */
export default function CodeSourcePage() {
  const [traced, setTraced] = useState<string>();
  // A code the palette asked for stays asked for until this drawer is closed or replaced.
  const requested = useTraceRequest(used.route);
  const shown = requested ?? traced;
  const show = (id: string | undefined) => {
    if (requested) takeTrace(requested);
    setTraced(id);
  };
  return (
    <Stack gap="md">
      <ResourceScreen def={used as unknown as ResourceDef} />
      <TraceLookup onOpen={show} />
      {shown && <TraceDrawer key={shown} codeId={shown} onClose={() => show(undefined)} />}
    </Stack>
  );
}
