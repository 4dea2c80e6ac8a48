import { Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiAccess, ApiParam, ApiRoute } from '../../api/api-document';
import { translate, type Lang } from '../../i18n';
import { schemaFields } from './model';

const METHOD_COLOR: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  PATCH: 'grape',
  DELETE: 'red',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge
      color={METHOD_COLOR[method] ?? 'gray'}
      variant="filled"
      radius="sm"
      w={64}
      styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    >
      {method}
    </Badge>
  );
}

/** 公开 / 登录用户 / the permission codes / 超级管理员. */
export function AccessBadges({ access, lang }: { access: ApiAccess; lang: Lang }) {
  switch (access.kind) {
    case 'public':
      return (
        <Badge color="teal" variant="light">
          {translate(lang, 'apiDocument.public')}
        </Badge>
      );
    case 'user':
      return (
        <Badge color="blue" variant="light">
          {translate(lang, 'apiDocument.user')}
        </Badge>
      );
    case 'super':
      return (
        <Badge color="red" variant="light">
          {translate(lang, 'apiDocument.super')}
        </Badge>
      );
    case 'perm':
      return (
        <Group gap={4} wrap="wrap" aria-label={translate(lang, 'apiDocument.anyOf')}>
          {access.codes.map((code) => (
            <Badge key={code} color="violet" variant="light" tt="none">
              {code}
            </Badge>
          ))}
        </Group>
      );
  }
}

function paramNotes(param: ApiParam, lang: Lang): string[] {
  const notes: string[] = [];
  if (param.description) notes.push(param.description[lang]);
  if (param.operator) notes.push(translate(lang, 'apiDocument.operator', { op: param.operator }));
  if (param.suffixes?.length)
    notes.push(translate(lang, 'apiDocument.suffixes', { list: param.suffixes.join(', ') }));
  return notes;
}

function paramConstraints(param: ApiParam): string[] {
  return [
    ...(param.enum?.length ? [`enum: ${param.enum.join(', ')}`] : []),
    ...(param.maxLength !== undefined ? [`maxLength: ${param.maxLength}`] : []),
    ...(param.pattern !== undefined ? [`pattern: ${param.pattern}`] : []),
  ];
}

function Constraints({ list }: { list: string[] }) {
  if (list.length === 0) return <Text size="sm">-</Text>;
  return (
    <Stack gap={2}>
      {list.map((c) => (
        <Code key={c} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {c}
        </Code>
      ))}
    </Stack>
  );
}

function ParameterTable({ params, lang }: { params: ApiParam[]; lang: Lang }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label={translate(lang, 'apiDocument.parameters')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{translate(lang, 'apiDocument.name')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.location')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.type')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.required')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.constraints')}</Table.Th>
            <Table.Th>{translate(lang, 'apiDocument.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {params.map((p) => (
            <Table.Tr key={`${p.in ?? 'query'}:${p.name}`}>
              <Table.Td>
                <Code>{p.name}</Code>
              </Table.Td>
              <Table.Td>{p.in ?? 'query'}</Table.Td>
              <Table.Td>{p.type}</Table.Td>
              <Table.Td>
                {translate(lang, p.required ? 'apiDocument.yes' : 'apiDocument.no')}
              </Table.Td>
              <Table.Td>
                <Constraints list={paramConstraints(p)} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {paramNotes(p, lang).map((note) => (
                    <Text key={note} size="sm">
                      {note}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BodyFields({ route, lang }: { route: ApiRoute; lang: Lang }) {
  const body = route.body;
  if (!body) return <Text size="sm">{translate(lang, 'apiDocument.noBody')}</Text>;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Code>{body.contentType}</Code>
        {body.description && <Text size="sm">{body.description[lang]}</Text>}
      </Group>
      {body.schema ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-label={translate(lang, 'apiDocument.body')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{translate(lang, 'apiDocument.name')}</Table.Th>
                <Table.Th>{translate(lang, 'apiDocument.type')}</Table.Th>
                <Table.Th>{translate(lang, 'apiDocument.required')}</Table.Th>
                <Table.Th>{translate(lang, 'apiDocument.constraints')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schemaFields(body.schema).map((f) => (
                <Table.Tr key={f.name}>
                  <Table.Td style={{ paddingInlineStart: `calc(${f.depth} * 1.25rem + 0.6rem)` }}>
                    <Code>{f.name}</Code>
                    {f.description && (
                      <Text size="xs" c="dimmed">
                        {f.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {f.type}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {translate(lang, f.required ? 'apiDocument.yes' : 'apiDocument.no')}
                  </Table.Td>
                  <Table.Td>
                    <Constraints list={f.constraints} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">{translate(lang, 'apiDocument.freeForm')}</Text>
      )}
    </Stack>
  );
}

/** What the drawer shows for one route: summary, access, parameters, body, response notes. */
export function RouteDetail({ route, lang }: { route: ApiRoute; lang: Lang }) {
  const documented = Boolean(route.summary || route.query?.length || route.body || route.response);
  return (
    <Stack gap="md">
      {route.summary && <Text>{route.summary[lang]}</Text>}
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {translate(lang, 'apiDocument.access')}
        </Text>
        <AccessBadges access={route.access} lang={lang} />
      </Group>
      {route.clientAuth && <Text size="sm">{translate(lang, 'apiDocument.clientAuth')}</Text>}
      {!documented && <Text c="dimmed">{translate(lang, 'apiDocument.undocumented')}</Text>}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {translate(lang, 'apiDocument.parameters')}
        </Title>
        {route.query?.length ? (
          <ParameterTable params={route.query} lang={lang} />
        ) : (
          <Text size="sm">{translate(lang, 'apiDocument.noParameters')}</Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {translate(lang, 'apiDocument.body')}
        </Title>
        <BodyFields route={route} lang={lang} />
      </Stack>
      {route.response && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {translate(lang, 'apiDocument.response')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {route.response[lang]}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
