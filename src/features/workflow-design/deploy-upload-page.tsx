import { Alert, Button, FileInput, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../api/api';
import { apiRequest } from '../../api/client';
import { refusalMessage, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  DEPLOY_UPLOAD_LIMITS,
  FLOW_MANAGER_CALLS,
  FLOW_MANAGER_REFUSALS,
} from '../../contracts/blade-flow/definition';
import { BPMN_REFUSALS } from '../../contracts/blade-flow/bpmn-messages';
import type { FlowDeployAnswer } from '../../contracts/blade-flow/model';
import {
  categoryError,
  DeployAnswerList,
  deployParams,
  DeployTargetFields,
  type DeployTarget,
} from '../../resources/blade-flow/deploy-fields';
import { DEPLOY_REFRESHES } from '../../resources/blade-flow/flow-model-dialogs';
import { useLang, useT } from '../../state/hooks';
import { usePermissions } from '../../state/permissions-context';

/** .bpmn or .bpmn20.xml: the server picks files by this and then checks their content. */
const BPMN_NAME = /\.(bpmn|bpmn20\.xml)$/i;
/** An upload may take longer than the client's usual 20 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** What is wrong with one chosen file before sending, if anything (the server checks again). */
export async function fileProblem(file: File, lang: 'zh' | 'en'): Promise<string | undefined> {
  if (!BPMN_NAME.test(file.name)) return FLOW_MANAGER_REFUSALS.badExtension[lang];
  if (file.size > DEPLOY_UPLOAD_LIMITS.bytesPerFile) return BPMN_REFUSALS.tooLarge[lang];
  // By content, not name: a BPMN 2.0 file is XML with a definitions root of the BPMN model.
  const text = await file.text();
  if (
    !/<([\w-]+:)?definitions[\s>]/.test(text) ||
    !text.includes('http://www.omg.org/spec/BPMN/20100524/MODEL')
  )
    return BPMN_REFUSALS.notBpmn[lang];
  return undefined;
}

/**
 * 流程部署 (/flow/deploy, issue 29 item 2): BPMN files deployed as they are (manager/deploy-upload,
 * multipart: category, tenantIds, files). Each file is checked here first (name, size, that it
 * is BPMN 2.0) and by the server (its refusal names the file); what got deployed is listed.
 */
export default function DeployUploadPage() {
  const t = useT();
  const lang = useLang();
  const dispatch = useDispatch();
  const permitted = usePermissions().has('flow_deploy_deploy');
  const [target, setTarget] = useState<DeployTarget>({ category: '', tenantIds: [] });
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [answer, setAnswer] = useState<FlowDeployAnswer>();
  const { run, busy } = useSendOnce(
    (form: { target: DeployTarget; files: File[] }, idempotencyKey: string) => {
      const body = new FormData();
      const params = deployParams(form.target);
      body.append('category', params.category);
      body.append('tenantIds', params.tenantIds);
      for (const file of form.files) body.append('files', file, file.name);
      return apiRequest<FlowDeployAnswer>({
        url: FLOW_MANAGER_CALLS.deployUpload,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        timeoutMs: UPLOAD_TIMEOUT_MS,
        silent: true,
      });
    },
    ({ target: tg, files: fs }) =>
      JSON.stringify([tg, fs.map((f) => [f.name, f.size, f.lastModified])]),
  );

  const categoryInvalid = categoryError(target.category, lang);
  const filesInvalid =
    files.length === 0
      ? FLOW_MANAGER_REFUSALS.noFiles[lang]
      : files.length > DEPLOY_UPLOAD_LIMITS.files
        ? FLOW_MANAGER_REFUSALS.tooManyFiles[lang]
        : undefined;

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    setRefusal(undefined);
    setAnswer(undefined);
    const found: Record<string, string> = {};
    for (const file of chosen) {
      const problem = await fileProblem(file, lang);
      if (problem) found[file.name] = problem;
    }
    setProblems(found);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (categoryInvalid || filesInvalid || Object.keys(problems).length > 0) return;
    setRefusal(undefined);
    const result = await run({ target, files });
    if (result.ok) {
      setAnswer(result.value);
      toast('success', t('workflowDesign.deploy.done'));
      dispatch(api.util.invalidateTags(DEPLOY_REFRESHES.map((id) => ({ type: 'Resource', id }))));
    } else if (result.error) setRefusal(refusalMessage(result.error, t('errors.submitFailed')));
  };

  return (
    <Stack p="md" gap="md" maw={720}>
      <Title order={1} size="h3">
        {t('workflowDesign.upload.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('workflowDesign.upload.hint', {
          files: DEPLOY_UPLOAD_LIMITS.files,
        })}
      </Text>
      {!permitted && <Alert color="yellow">{t('workflowDesign.upload.noPermission')}</Alert>}
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t('workflowDesign.upload.title')}
      >
        <Stack gap="md">
          <DeployTargetFields
            value={target}
            onChange={(next) => {
              setTarget(next);
              setRefusal(undefined);
            }}
            error={checked ? categoryInvalid : undefined}
            disabled={busy || !permitted}
          />
          <FileInput
            label={t('workflowDesign.upload.files')}
            description={t('workflowDesign.upload.filesHint')}
            placeholder={t('workflowDesign.upload.choose')}
            required
            multiple
            clearable
            accept=".bpmn,.xml,application/xml,text/xml"
            value={files}
            onChange={(chosen) => void choose(chosen)}
            error={checked ? filesInvalid : undefined}
            disabled={busy || !permitted}
          />
          {files.length > 0 && (
            <List size="sm" aria-label={t('workflowDesign.upload.chosen')}>
              {files.map((file) => (
                <List.Item key={file.name}>
                  <Text span size="sm">
                    {file.name}（{(file.size / 1024).toFixed(1)} KB）
                  </Text>
                  {problems[file.name] && (
                    <Text span size="sm" c="red" ml="xs" role="alert">
                      {problems[file.name]}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          {refusal && (
            <Alert color="red" role="alert" title={t('workflowDesign.upload.refused')}>
              {refusal}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={busy} disabled={!permitted}>
              {t('workflowDesign.upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {answer && (
        <Paper withBorder p="md">
          <DeployAnswerList answer={answer} />
        </Paper>
      )}
    </Stack>
  );
}
