import { Autocomplete, List, MultiSelect, Stack, Text } from '@mantine/core';
import { useUserInfoQuery } from '../../api/auth';
import { useResourceOptionsQuery } from '../../api/resource';
import { useDictionaryQuery } from '../../api/system';
import { FLOW_MODEL_REFUSALS, type FlowDeployAnswer } from '../../contracts/blade-flow/model';
import { useT } from '../../state/hooks';
import type { ReactNode } from 'react';

/** The category's longest (the server refuses more: FLOW_MODEL_REFUSALS.categoryTooLong). */
export const CATEGORY_MAX = 64;

/** Where a deployment goes: its category and, for the super administrator, other tenants. */
export interface DeployTarget {
  category: string;
  tenantIds: string[];
}

/** The category's problem before sending (the server says the same), in the console's language. */
export function categoryError(category: string, lang: 'zh' | 'en'): string | undefined {
  const value = category.trim();
  if (!value) return FLOW_MODEL_REFUSALS.categoryRequired[lang];
  if (value.length > CATEGORY_MAX) return FLOW_MODEL_REFUSALS.categoryTooLong[lang];
  return undefined;
}

/** The query of model/deploy and the fields of deploy-upload: tenantIds empty = own tenant. */
export const deployParams = (target: DeployTarget) => ({
  category: target.category.trim(),
  tenantIds: target.tenantIds.join(','),
});

/**
 * The category (free text, with the entries of the `flow_category` dictionary offered when it
 * has any) and the tenants to deploy into (the super administrator only: the server refuses
 * anyone else naming other tenants).
 */
export function DeployTargetFields({
  value,
  onChange,
  error,
  disabled,
}: {
  value: DeployTarget;
  onChange(next: DeployTarget): void;
  /** The category's error (checked or the server's). */
  error?: ReactNode;
  disabled?: boolean;
}) {
  const t = useT();
  const superAdmin = useUserInfoQuery().data?.is_super_admin === true;
  const dictionary = useDictionaryQuery('flow_category').data;
  const categories = Array.isArray(dictionary) ? dictionary : [];
  const tenants = useResourceOptionsQuery(
    { path: 'blade-system/tenant/select' },
    { skip: !superAdmin },
  ).data;
  const tenantOptions = Array.isArray(tenants)
    ? (tenants as { tenantId?: unknown; tenantName?: unknown }[])
        .filter((x) => typeof x.tenantId === 'string')
        .map((x) => ({
          value: String(x.tenantId),
          label: `${String(x.tenantName ?? x.tenantId)}（${String(x.tenantId)}）`,
        }))
    : [];
  return (
    <>
      <Autocomplete
        label={t('workflowDesign.deploy.category')}
        description={t('workflowDesign.deploy.categoryHint')}
        required
        data-autofocus
        maxLength={CATEGORY_MAX}
        data={[...new Set(categories.map((c) => c.dictValue))]}
        value={value.category}
        onChange={(category) => onChange({ ...value, category })}
        error={error}
        disabled={disabled}
      />
      {superAdmin && (
        <MultiSelect
          label={t('workflowDesign.deploy.tenants')}
          description={t('workflowDesign.deploy.tenantsHint')}
          data={tenantOptions}
          value={value.tenantIds}
          onChange={(tenantIds) => onChange({ ...value, tenantIds })}
          searchable
          clearable
          disabled={disabled}
        />
      )}
    </>
  );
}

/** What a deployment made: per tenant, the processes and the versions they got. */
export function DeployAnswerList({ answer }: { answer: FlowDeployAnswer }) {
  const t = useT();
  const deployments =
    answer.deployments && answer.deployments.length > 0
      ? answer.deployments
      : [{ tenantId: '', deploymentId: answer.deploymentId, definitions: answer.definitions }];
  return (
    <Stack gap="xs" aria-live="polite">
      <Text size="sm" fw={500}>
        {t('workflowDesign.deploy.done')}
      </Text>
      {deployments.map((d) => (
        <Stack key={d.deploymentId} gap={2}>
          {d.tenantId && (
            <Text size="xs" c="dimmed">
              {t('workflowDesign.deploy.tenant', { tenantId: d.tenantId })}
            </Text>
          )}
          <List size="sm">
            {d.definitions.map((def) => (
              <List.Item key={def.id}>
                {t('workflowDesign.deploy.definition', {
                  name: def.name || def.processKey,
                  processKey: def.processKey,
                  version: def.processVersion,
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
