import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  CALLBACK_DOC,
  OPEN_API_PREFIX,
  OPEN_ERRORS,
  OPEN_HEADERS,
  OPEN_ROUTES,
  TIMESTAMP_WINDOW_SECONDS,
  type OpenErrorCode,
  type OpenField,
  type OpenRoute,
} from '../../contracts/platform-client/open-api';
import { useLang, useT } from '../../state/hooks';
import { signingSteps, WORKED_EXAMPLE, type SigningInput, type SigningSteps } from './signing';

/**
 * 开放接口文档 (/access/openplatform/apidoc, issue 27 item 4): generated from the open API's
 * declarations in the contract (the calls, their parameters, answers and error codes, the
 * callback rule), so it says what the server does. The signing walk-through computes its worked
 * example, and any request the reader types, in the browser.
 */

function useSteps(input: SigningInput): SigningSteps | undefined {
  const [steps, setSteps] = useState<SigningSteps>();
  const key = JSON.stringify(input);
  useEffect(() => {
    let live = true;
    void signingSteps(JSON.parse(key) as SigningInput).then((s) => live && setSteps(s));
    return () => {
      live = false;
    };
  }, [key]);
  return steps;
}

function Steps({
  input,
  steps,
  showSecret,
}: {
  input: SigningInput;
  steps?: SigningSteps;
  showSecret: boolean;
}) {
  const t = useT();
  const rows: [string, string][] = [
    [t('openApiDoc.step.body'), input.body || '""'],
    [t('openApiDoc.step.bodyHash'), steps?.bodySha256 ?? '…'],
    [t('openApiDoc.step.stringToSign'), steps?.stringToSign ?? '…'],
    ...(showSecret ? ([[t('openApiDoc.step.secret'), input.secret]] as [string, string][]) : []),
    [t('openApiDoc.step.signature'), steps?.signature ?? '…'],
  ];
  return (
    <Table withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>
              <Code block data-testid={`step-${label}`}>
                {value}
              </Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TrySigning() {
  const t = useT();
  const [input, setInput] = useState<SigningInput>({ ...WORKED_EXAMPLE, secret: '' });
  const steps = useSteps(input);
  const set = (patch: Partial<SigningInput>) => setInput((i) => ({ ...i, ...patch }));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('openApiDoc.try.hint')}
      </Text>
      <Group grow align="flex-end">
        <Select
          label={t('openApiDoc.try.method')}
          data={['GET', 'POST']}
          value={input.method}
          onChange={(v) => set({ method: v ?? 'GET' })}
          allowDeselect={false}
        />
        <TextInput
          label={t('openApiDoc.try.path')}
          value={input.path}
          onChange={(e) => set({ path: e.currentTarget.value })}
        />
      </Group>
      <Group grow align="flex-end">
        <TextInput
          label={t('openApiDoc.try.timestamp')}
          value={input.timestamp}
          onChange={(e) => set({ timestamp: e.currentTarget.value })}
          rightSectionWidth={80}
          rightSection={
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => set({ timestamp: String(Math.floor(Date.now() / 1000)) })}
            >
              {t('openApiDoc.try.now')}
            </Button>
          }
        />
        <TextInput
          label={t('openApiDoc.try.nonce')}
          value={input.nonce}
          onChange={(e) => set({ nonce: e.currentTarget.value })}
        />
      </Group>
      <Textarea
        label={t('openApiDoc.try.body')}
        value={input.body}
        onChange={(e) => set({ body: e.currentTarget.value })}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <PasswordInput
        label={t('openApiDoc.try.secret')}
        value={input.secret}
        onChange={(e) => set({ secret: e.currentTarget.value })}
        autoComplete="off"
      />
      <Steps input={input} steps={input.secret ? steps : undefined} showSecret={false} />
    </Stack>
  );
}

function Fields({ title, fields }: { title: string; fields: readonly OpenField[] }) {
  const t = useT();
  const lang = useLang();
  const rows = (list: readonly OpenField[], prefix = ''): React.ReactNode[] =>
    list.flatMap((f) => [
      <Table.Tr key={prefix + f.name}>
        <Table.Td>
          <Code>{prefix + f.name}</Code>
        </Table.Td>
        <Table.Td>{f.type}</Table.Td>
        <Table.Td>{f.required ? t('openApiDoc.yes') : t('openApiDoc.no')}</Table.Td>
        <Table.Td>
          {f.description[lang]}
          {f.example !== undefined && (
            <Text span c="dimmed" size="xs">
              {' '}
              e.g. <Code>{String(f.example)}</Code>
            </Text>
          )}
        </Table.Td>
      </Table.Tr>,
      ...(f.fields ? rows(f.fields, `${prefix}${f.name}[].`) : []),
    ]);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>{t('openApiDoc.col.name')}</Table.Th>
            <Table.Th w={90}>{t('openApiDoc.col.type')}</Table.Th>
            <Table.Th w={70}>{t('openApiDoc.col.required')}</Table.Th>
            <Table.Th>{t('openApiDoc.col.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows(fields)}</Table.Tbody>
      </Table>
    </Stack>
  );
}

function Errors({ codes }: { codes: readonly OpenErrorCode[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <Table withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={220}>{t('openApiDoc.col.code')}</Table.Th>
          <Table.Th w={110}>{t('openApiDoc.col.status')}</Table.Th>
          <Table.Th>{t('openApiDoc.col.message')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {codes.map((code) => (
          <Table.Tr key={code}>
            <Table.Td>
              <Code>{code}</Code>
            </Table.Td>
            <Table.Td>{OPEN_ERRORS[code].status}</Table.Td>
            <Table.Td>{OPEN_ERRORS[code][lang]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RouteCard({ route }: { route: OpenRoute }) {
  const t = useT();
  const lang = useLang();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`open-${route.id}`}>
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={route.method === 'GET' ? 'blue' : 'green'}>{route.method}</Badge>
          <Code>{`${OPEN_API_PREFIX}${route.path}`}</Code>
          <Title order={4} id={`open-${route.id}`}>
            {route.title[lang]}
          </Title>
        </Group>
        <Text size="sm">{route.description[lang]}</Text>
        {route.pathParams && (
          <Fields title={t('openApiDoc.pathParams')} fields={route.pathParams} />
        )}
        {route.body && <Fields title={t('openApiDoc.body')} fields={route.body} />}
        <Fields title={t('openApiDoc.answer')} fields={route.answer} />
        <Text fw={600} size="sm">
          {t('openApiDoc.errors')}
        </Text>
        <Errors codes={route.errors} />
      </Stack>
    </Paper>
  );
}

export default function OpenApiDocPage() {
  const t = useT();
  const lang = useLang();
  const example = useSteps(WORKED_EXAMPLE);
  const base = `${window.location.origin}${OPEN_API_PREFIX}`;
  const headers: [string, string][] = [
    [OPEN_HEADERS.appKey, t('openApiDoc.header.appKey')],
    [
      OPEN_HEADERS.timestamp,
      t('openApiDoc.header.timestamp', { window: TIMESTAMP_WINDOW_SECONDS }),
    ],
    [OPEN_HEADERS.nonce, t('openApiDoc.header.nonce')],
    [OPEN_HEADERS.signature, t('openApiDoc.header.signature')],
  ];
  return (
    <Stack gap="lg" p="md" maw={1100}>
      <Title order={2}>{t('openApiDoc.title')}</Title>
      <Text>{t('openApiDoc.intro')}</Text>
      <Group gap="xs">
        <Text fw={600}>{t('openApiDoc.baseUrl')}</Text>
        <Code>{base}</Code>
      </Group>
      <Alert variant="light">{t('openApiDoc.envelope')}</Alert>

      <Title order={3}>{t('openApiDoc.headers')}</Title>
      <Table withTableBorder>
        <Table.Tbody>
          {headers.map(([name, text]) => (
            <Table.Tr key={name}>
              <Table.Td w={160}>
                <Code>{name}</Code>
              </Table.Td>
              <Table.Td>{text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={3}>{t('openApiDoc.signing')}</Title>
      <Text size="sm">{t('openApiDoc.signing.rule')}</Text>
      <Text fw={600}>{t('openApiDoc.example')}</Text>
      <Steps input={WORKED_EXAMPLE} steps={example} showSecret />
      <Text fw={600}>{t('openApiDoc.try')}</Text>
      <TrySigning />

      <Title order={3}>{t('openApiDoc.calls')}</Title>
      {OPEN_ROUTES.map((route) => (
        <RouteCard key={route.id} route={route} />
      ))}

      <Title order={3}>{t('openApiDoc.errorCatalogue')}</Title>
      <Errors codes={Object.keys(OPEN_ERRORS) as OpenErrorCode[]} />

      <Title order={3}>{t('openApiDoc.callbacks')}</Title>
      <Text size="sm">{t('openApiDoc.callbacks.rule', { max: CALLBACK_DOC.maxAttempts })}</Text>
      <Text fw={600} size="sm">
        {t('openApiDoc.callbacks.events')}
      </Text>
      <Table withTableBorder>
        <Table.Tbody>
          {Object.entries(CALLBACK_DOC.events).map(([type, label]) => (
            <Table.Tr key={type}>
              <Table.Td w={200}>
                <Code>{type}</Code>
              </Table.Td>
              <Table.Td>{label[lang]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={3}>{t('openApiDoc.client')}</Title>
      <Text size="sm">{t('openApiDoc.client.hint')}</Text>
      <Code block>
        {`OPEN_API_URL=${window.location.origin} OPEN_APP_KEY=<appKey> OPEN_APP_SECRET=<secret> \\\n  node scripts/open-api-client.mjs order <productCode> [quantity] [outOrderNo]`}
      </Code>
    </Stack>
  );
}
