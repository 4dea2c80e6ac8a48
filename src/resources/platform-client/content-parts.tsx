import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { api } from '../../api/api';
import {
  DRAFT_SERVICE,
  DRAFT_STATES,
  type DraftStatusCount,
} from '../../contracts/platform-client/client-draft';
import { useLang, useT } from '../../state/hooks';

/**
 * What the content and draft screens show beside the engine's table: the whole summary and body
 * in the detail drawer, and the drafts per state. A user's text is a React text node: `<script>`
 * in a body is shown as the characters it is, never parsed as HTML.
 */

/** The detail drawer's summary and body, whole, line breaks kept. */
export function ArticleText({ row }: { row: { summary: string | null; body: string | null } }) {
  const t = useT();
  return (
    <Stack gap="xs" mt="md">
      {row.summary ? (
        <>
          <Title order={3} size="h5">
            {t('clientContent.body.summary')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {row.summary}
          </Text>
        </>
      ) : null}
      <Title order={3} size="h5">
        {t('clientContent.body.title')}
      </Title>
      <Text
        size="sm"
        c={row.body ? undefined : 'dimmed'}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="article-body"
      >
        {row.body || t('clientContent.body.empty')}
      </Text>
    </Stack>
  );
}

const draftStatus = api.injectEndpoints({
  endpoints: (build) => ({
    // POST, as the spec names it; reloaded with the drafts' lists after every draft write.
    draftStatusList: build.query<DraftStatusCount[], void>({
      query: () => ({ url: `${DRAFT_SERVICE}/status/list`, method: 'POST' }),
      providesTags: [{ type: 'Resource', id: DRAFT_SERVICE }],
    }),
  }),
});

/** Above the drafts: how many there are in each state (status/list). */
export function DraftStatusBanner() {
  const t = useT();
  const lang = useLang();
  const { data } = draftStatus.useDraftStatusListQuery();
  if (!data) return null;
  return (
    <Group gap="xs" role="status" aria-label={t('clientContent.status.label')}>
      {data.map((s) => (
        <Badge
          key={s.state}
          variant="light"
          color={(DRAFT_STATES as Record<string, { color?: string }>)[s.state]?.color ?? 'gray'}
        >
          {`${lang === 'zh' ? s.label : s.labelEn} ${s.count}`}
        </Badge>
      ))}
    </Group>
  );
}
