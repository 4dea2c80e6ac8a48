import {
  Alert,
  Button,
  Center,
  FileInput,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiRequest } from '../../api/client';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import {
  CONTENT_SERVICE,
  LINK_URL,
  THUMBNAILS_MAX,
  type ClientContent,
} from '../../contracts/platform-client/client-content';
import {
  DRAFT_SERVICE,
  THUMBNAIL_MAX_MB,
  type ClientDraft,
  type DraftThumbnail,
} from '../../contracts/platform-client/client-draft';
import { saveBlob } from '../../lib/save-blob';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import { ImportDialog } from '../parts/import-dialog';
import type { ActionDialogProps } from '../types';

/**
 * The content and draft screens' own dialogs (issue 27 item 9): the content import and its
 * template, a draft from a link, a draft's thumbnails. Every text a user wrote is shown as text.
 */

const CONTENT_IMPORT = {
  upload: `${CONTENT_SERVICE}/batch/import`,
  template: `${CONTENT_SERVICE}/download/template`,
  templateMethod: 'POST' as const,
  result: `${CONTENT_SERVICE}/import-result`,
};

const messageOf = (error: unknown, fallback: string) =>
  (error as { message?: string } | undefined)?.message || fallback;

/** 导入 (content toolbar): batch/import through the import engine, with its result file. */
export function ContentImportDialog({ onClose }: ActionDialogProps<ClientContent>) {
  const t = useT();
  return (
    <ImportDialog
      title={t('clientContent.import.title')}
      endpoints={CONTENT_IMPORT}
      templateFileName={t('clientContent.import.templateFile')}
      hint={t('clientContent.import.hint')}
      refresh={CONTENT_SERVICE}
      onClose={onClose}
    />
  );
}

/** 下载模板 (content toolbar): downloads the template (POST, as the spec names it), then closes. */
export function ContentTemplateDialog({ onClose }: ActionDialogProps<ClientContent>) {
  const t = useT();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiRequest<Blob>({
      url: CONTENT_IMPORT.template,
      method: 'POST',
      kind: 'blob',
      silent: true,
    }).then(
      (blob) => {
        saveBlob(blob, t('clientContent.import.templateFile'));
        onClose(false);
      },
      (error: unknown) => {
        toast('error', messageOf(error, t('clientContent.template.failed')));
        onClose(false);
      },
    );
  }, [onClose, t]);
  return (
    <Modal opened onClose={() => onClose(false)} title={t('clientContent.template.title')}>
      <Center h={80}>
        <Loader aria-label={t('clientContent.template.loading')} />
      </Center>
    </Modal>
  );
}

/** 链接导入 (drafts toolbar): a draft from an http(s) address and a title; nothing is fetched. */
export function DraftLinkDialog({ onClose }: ActionDialogProps<ClientDraft>) {
  const t = useT();
  const [form, setForm] = useState({ linkUrl: '', title: '', summary: '' });
  const [invalid, setInvalid] = useState<{ linkUrl?: string; title?: string }>({});
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const refusal = useRefusal(['linkUrl', 'title', 'summary']);
  const set = (name: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setInvalid((i) => ({ ...i, [name]: undefined }));
    refusal.clear(name);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const linkUrl = form.linkUrl.trim();
    const bad = {
      linkUrl: !linkUrl
        ? t('clientContent.link.urlRequired')
        : LINK_URL.test(linkUrl)
          ? undefined
          : t('clientContent.link.urlInvalid'),
      title: form.title.trim() ? undefined : t('clientContent.link.nameRequired'),
    };
    setInvalid(bad);
    if (bad.linkUrl || bad.title) return;
    try {
      await save({
        service: DRAFT_SERVICE,
        path: 'import/one/of/link',
        body: { linkUrl, title: form.title.trim(), summary: form.summary.trim() },
      }).unwrap();
      toast('success', t('clientContent.link.done'));
      onClose(true);
    } catch (error) {
      refusal.show(error, t('errors.submitFailed'));
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={t('clientContent.link.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('clientContent.link.url')}
            description={t('clientContent.link.urlHint')}
            required
            data-autofocus
            maxLength={1000}
            value={form.linkUrl}
            onChange={(e) => set('linkUrl')(e.currentTarget.value)}
            error={invalid.linkUrl ?? refusal.error('linkUrl')}
          />
          <TextInput
            label={t('clientContent.link.name')}
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={invalid.title ?? refusal.error('title')}
          />
          <Textarea
            label={t('clientContent.link.summary')}
            maxLength={500}
            autosize
            minRows={2}
            value={form.summary}
            onChange={(e) => set('summary')(e.currentTarget.value)}
            error={refusal.error('summary')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('clientContent.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('clientContent.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * 缩略图 (a draft's row): its thumbnails in order (the first is the cover), each removable or
 * made the cover; more from the media stock or an upload (type and size checked here and by the
 * server). One call at a time: every button waits while one runs.
 */
export function DraftThumbnailsDialog({ rows, onClose }: ActionDialogProps<ClientDraft>) {
  const t = useT();
  const draft = rows[0]!;
  const [thumbs, setThumbs] = useState<DraftThumbnail[]>(draft.thumbnailList ?? []);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string>();
  const options = useResourceOptionsQuery({ path: `${CONTENT_SERVICE}/picture-options` });
  const pictures = (options.data as { id: string; name: string }[] | undefined) ?? [];
  const full = thumbs.length >= THUMBNAILS_MAX;

  const run = async (request: Parameters<typeof apiRequest>[0]) => {
    if (busy) return;
    setBusy(true);
    try {
      setThumbs(await apiRequest<DraftThumbnail[]>({ ...request, silent: true }));
      setChanged(true);
      setChosen(null);
    } catch (error) {
      toast('error', messageOf(error, t('errors.submitFailed')));
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | null) => {
    setFileError(undefined);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setFileError(t('clientContent.thumbs.wrongType'));
    if (file.size > THUMBNAIL_MAX_MB * 1024 * 1024)
      return setFileError(t('clientContent.thumbs.tooLarge', { mb: THUMBNAIL_MAX_MB }));
    const body = new FormData();
    body.append('draftId', draft.id);
    body.append('file', file, file.name);
    void run({ url: `${DRAFT_SERVICE}/add-thumbnail`, method: 'POST', body });
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(changed)}
      title={t('clientContent.thumbs.title', { name: draft.title })}
      size="lg"
    >
      <Stack gap="md">
        {thumbs.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('clientContent.thumbs.none')}
          </Text>
        )}
        <Group gap="md" align="flex-start">
          {thumbs.map((thumb, index) => (
            <Stack key={thumb.id} gap={4} align="center" w={112}>
              <Image src={thumb.link} alt={thumb.name} w={96} h={96} fit="cover" radius="sm" />
              <Text size="xs" lineClamp={1} maw={112}>
                {index === 0 ? `${t('clientContent.thumbs.cover')} · ${thumb.name}` : thumb.name}
              </Text>
              <Group gap={4}>
                {index > 0 && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={t('clientContent.thumbs.makeCover', { name: thumb.name })}
                    disabled={busy}
                    onClick={() =>
                      void run({
                        url: `${DRAFT_SERVICE}/update/thumbnail`,
                        method: 'POST',
                        params: { id: thumb.id, sort: 0 },
                      })
                    }
                  >
                    <IconStar size={14} />
                  </Button>
                )}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('clientContent.thumbs.remove', { name: thumb.name })}
                  disabled={busy}
                  onClick={() =>
                    void run({ url: `${DRAFT_SERVICE}/delete-thumbnail`, params: { id: thumb.id } })
                  }
                >
                  <IconTrash size={14} />
                </Button>
              </Group>
            </Stack>
          ))}
        </Group>
        {full ? (
          <Alert color="gray">{t('clientContent.thumbs.full', { max: THUMBNAILS_MAX })}</Alert>
        ) : (
          <>
            <Group align="flex-end" gap="xs">
              <SearchSelect
                label={t('clientContent.thumbs.fromStock')}
                data={pictures.map((p) => ({ value: p.id, label: p.name }))}
                value={chosen}
                onChange={setChosen}
                style={{ flex: 1 }}
                data-autofocus
              />
              <Button
                disabled={!chosen || busy}
                onClick={() =>
                  void run({
                    url: `${DRAFT_SERVICE}/add-thumbnail`,
                    method: 'POST',
                    body: { draftId: draft.id, picIds: [chosen] },
                  })
                }
              >
                {t('clientContent.thumbs.add')}
              </Button>
            </Group>
            <FileInput
              label={t('clientContent.thumbs.upload')}
              description={t('clientContent.thumbs.uploadHint', { mb: THUMBNAIL_MAX_MB })}
              accept={IMAGE_TYPES.join(',')}
              value={null}
              disabled={busy}
              onChange={upload}
              error={fileError}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(changed)} disabled={busy}>
            {t('clientContent.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
