import {
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { fetchOpenApi, useApiDocumentQuery, type ApiDocument } from '../../api/api-document';
import type { ApiError } from '../../api/client';
import { useLang } from '../../state/hooks';
import { translate, type Lang } from '../../i18n';
import { clickDownload } from '../../lib/download';
import { usePageVisible } from '../../lib/page-visibility';
import { useShortcut } from '../../components/use-shortcut';
import { routeKey, routeMatches, searchRoutes, type RouteRow } from './model';
import { AccessBadges, MethodBadge, RouteDetail } from './parts';
import { toast } from '../../components/toast';

const NO_ROWS: RouteRow[] = [];

async function downloadOpenApi(lang: Lang): Promise<void> {
  try {
    const blob = await fetchOpenApi();
    const url = URL.createObjectURL(blob);
    clickDownload(url, 'openapi.json');
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (err) {
    const reason = (err as ApiError | undefined)?.message;
    toast(
      'error',
      reason
        ? `${translate(lang, 'apiDocument.downloadFailed')}: ${reason}`
        : translate(lang, 'apiDocument.downloadFailed'),
    );
  }
}

interface ServiceListProps {
  doc: ApiDocument;
  chosen: string | undefined;
  term: string;
  lang: Lang;
  onChoose: (name: string) => void;
}

/** The services with their route counts (while searching: how many routes match). */
function ServiceList({ doc, chosen, term, lang, onChoose }: ServiceListProps) {
  const searching = term.trim() !== '';
  return (
    <Paper withBorder p={4} component="nav" aria-label={translate(lang, 'apiDocument.services')}>
      {doc.services.map((s) => {
        const count = searching
          ? s.routes.filter((r) => routeMatches(r, term)).length
          : s.routes.length;
        return (
          <NavLink
            key={s.name}
            component="button"
            type="button"
            label={s.name}
            active={!searching && s.name === chosen}
            aria-current={!searching && s.name === chosen ? 'true' : undefined}
            opacity={searching && count === 0 ? 0.5 : 1}
            rightSection={
              <Badge size="sm" variant="light" color="gray" aria-hidden>
                {count}
              </Badge>
            }
            aria-label={`${s.name} (${count})`}
            onClick={() => onChoose(s.name)}
          />
        );
      })}
    </Paper>
  );
}

interface RouteTableProps {
  rows: RouteRow[];
  active: number;
  lang: Lang;
  idPrefix: string;
  caption: string;
  onOpen: (row: RouteRow) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

function RouteTable({ rows, active, lang, idPrefix, caption, onOpen, onKeyDown }: RouteTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover withTableBorder onKeyDown={onKeyDown} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={84}>{translate(lang, 'apiDocument.method')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.path')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.access')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.summary')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr
              key={routeKey(row.route)}
              aria-current={i === active ? 'true' : undefined}
              bg={i === active ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(row)}
            >
              <Table.Td>
                <MethodBadge method={row.route.method} />
              </Table.Td>
              <Table.Td>
                <UnstyledButton
                  id={`${idPrefix}-${i}`}
                  ff="monospace"
                  fz="sm"
                  style={{ wordBreak: 'break-all' }}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row);
                  }}
                >
                  {row.route.path}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <AccessBadges access={row.route.access} lang={lang} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.route.summary?.[lang] ?? ''}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /setting/api-document: the server's API reference. Services on the left, the chosen
 * service's routes on the right (method, path, access, summary); a route opens in a drawer with
 * its parameters and body fields. The search spans every service (path, summary, permission
 * code): `/` focuses it, Esc clears it, ↑/↓ move through the results and Enter opens one.
 */
export default function ApiDocumentPage() {
  const lang = useLang();
  const doc = useApiDocumentQuery();
  const visible = usePageVisible();
  const [chosenService, setChosenService] = useState<string>();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const [openKey, setOpenKey] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const idPrefix = useId();

  const data = doc.data;
  const searching = term.trim() !== '';
  const chosen = chosenService ?? data?.services[0]?.name;
  const rows: RouteRow[] = !data
    ? NO_ROWS
    : searching
      ? searchRoutes(data, term)
      : (data.services
          .find((s) => s.name === chosen)
          ?.routes.map((route) => ({ service: chosen ?? '', route })) ?? NO_ROWS);
  const activeIndex = Math.min(active, Math.max(rows.length - 1, 0));
  const opened = openKey
    ? data?.services.flatMap((s) => s.routes).find((r) => routeKey(r) === openKey)
    : undefined;

  useShortcut('list.filter', () => searchRef.current?.focus(), {
    enabled: visible && opened === undefined,
  });

  const open = (row: RouteRow) => setOpenKey(routeKey(row.route));
  const rowButton = (i: number) => document.getElementById(`${idPrefix}-${i}`);
  /** From the search box: the highlight moves, the focus stays in the box. */
  const move = (step: number) => {
    if (rows.length === 0) return;
    const next = Math.min(Math.max(activeIndex + step, 0), rows.length - 1);
    setActive(next);
    rowButton(next)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onSearchKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const row = rows[activeIndex];
      if (row) open(row);
    } else if (event.key === 'Escape' && term !== '') {
      event.preventDefault();
      event.stopPropagation();
      setTerm('');
      setActive(0);
    }
  };

  const onTableKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    // From the focused row's button, else from the highlighted row.
    const focused = rows.findIndex((_, i) => rowButton(i) === document.activeElement);
    const from = focused >= 0 ? focused : activeIndex;
    const next = Math.min(
      Math.max(from + (event.key === 'ArrowDown' ? 1 : -1), 0),
      rows.length - 1,
    );
    setActive(next);
    rowButton(next)?.focus();
  };

  const chooseService = (name: string) => {
    setChosenService(name);
    setTerm('');
    setActive(0);
  };

  const download = async () => {
    setDownloading(true);
    await downloadOpenApi(lang);
    setDownloading(false);
  };

  const chosenCount = data?.services.find((s) => s.name === chosen)?.routes.length ?? 0;
  const caption = searching
    ? translate(lang, 'apiDocument.results', { count: rows.length })
    : translate(lang, 'apiDocument.serviceRoutes', { name: chosen ?? '', count: chosenCount });

  let body;
  if (doc.isLoading) {
    body = (
      <Center py="xl">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{translate(lang, 'apiDocument.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (doc.isError || !data) {
    const reason = (doc.error as ApiError | undefined)?.message;
    body = (
      <Alert color="red" variant="light" title={translate(lang, 'apiDocument.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {reason && <Text size="sm">{reason}</Text>}
          <Button size="xs" variant="light" color="red" onClick={() => void doc.refetch()}>
            {translate(lang, 'apiDocument.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data.services.length === 0) {
    body = <Text c="dimmed">{translate(lang, 'apiDocument.empty')}</Text>;
  } else {
    body = (
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ServiceList
            doc={data}
            chosen={chosen}
            term={term}
            lang={lang}
            onChoose={chooseService}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={500} aria-live="polite">
                {caption}
              </Text>
              <Text size="xs" c="dimmed">
                {translate(lang, 'apiDocument.keysHint')}
              </Text>
            </Group>
            {rows.length === 0 ? (
              <Text c="dimmed">
                {translate(lang, searching ? 'apiDocument.noMatch' : 'apiDocument.empty')}
              </Text>
            ) : (
              <RouteTable
                rows={rows}
                active={activeIndex}
                lang={lang}
                idPrefix={idPrefix}
                caption={caption}
                onOpen={open}
                onKeyDown={onTableKey}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {translate(lang, 'apiDocument.title')}
      </Title>
      <Group gap="sm" align="flex-end">
        <TextInput
          ref={searchRef}
          type="search"
          aria-label={translate(lang, 'apiDocument.search')}
          placeholder={translate(lang, 'apiDocument.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={term}
          onChange={(event) => {
            setTerm(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onSearchKey}
          style={{ flex: '1 1 320px', maxWidth: 560 }}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          disabled={!data}
          onClick={() => void download()}
        >
          {translate(lang, 'apiDocument.download')}
        </Button>
      </Group>
      {body}
      <Drawer
        opened={opened !== undefined}
        onClose={() => setOpenKey(undefined)}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': translate(lang, 'apiDocument.close') }}
        title={
          opened && (
            <Group gap="xs" wrap="nowrap">
              <MethodBadge method={opened.method} />
              <Text ff="monospace" fw={500} style={{ wordBreak: 'break-all' }}>
                {opened.path}
              </Text>
            </Group>
          )
        }
      >
        {opened && <RouteDetail route={opened} lang={lang} />}
      </Drawer>
    </Stack>
  );
}
