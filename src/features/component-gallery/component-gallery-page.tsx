import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { CheckTree, type CheckTreeNode } from '../../components/check-tree';
import { useConfirm } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import { useT } from '../../state/hooks';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /test/index, spec section 2's test-component page: the shared building blocks in the
 * current theme and language (buttons, toasts, the confirmation, the check tree, tags, an
 * input), so a theme or a locale can be checked in one place, with the keyboard too.
 */
export default function ComponentGalleryPage() {
  const t = useT();
  const [confirmDialog, confirm] = useConfirm();
  const [answer, setAnswer] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const tree = useMemo<CheckTreeNode[]>(
    () => [
      {
        id: 'system',
        title: t('gallery.node.system'),
        children: [
          { id: 'user', title: t('gallery.node.user') },
          { id: 'dept', title: t('gallery.node.dept') },
        ],
      },
      {
        id: 'supplier',
        title: t('gallery.node.supplier'),
        children: [{ id: 'supplier-list', title: t('gallery.node.supplierList') }],
      },
    ],
    [t],
  );

  return (
    <Stack p="md" gap="md" maw={960}>
      <div>
        <Title order={1} size="h3">
          {t('gallery.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('gallery.intro')}
        </Text>
      </div>
      <Section title={t('gallery.buttons')}>
        <Group gap="sm">
          <Button>{t('gallery.button.primary')}</Button>
          <Button variant="default">{t('gallery.button.default')}</Button>
          <Button color="red">{t('gallery.button.danger')}</Button>
          <Button disabled>{t('gallery.button.disabled')}</Button>
        </Group>
      </Section>
      <Section title={t('gallery.toasts')}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('gallery.toasts.hint')}
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            color="green"
            onClick={() => toast('success', t('messages.added'))}
          >
            {t('gallery.toast.success')}
          </Button>
          <Button
            variant="light"
            color="orange"
            onClick={() => toast('warning', t('messages.selectOne'))}
          >
            {t('gallery.toast.warning')}
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => toast('error', t('gallery.toast.errorText'))}
          >
            {t('gallery.toast.error')}
          </Button>
        </Group>
      </Section>
      <Section title={t('gallery.confirm')}>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() =>
              void confirm(t('gallery.confirm.text')).then((ok) =>
                setAnswer(t(ok ? 'gallery.confirm.yes' : 'gallery.confirm.no')),
              )
            }
          >
            {t('gallery.confirm.open')}
          </Button>
          <Text size="sm" aria-live="polite">
            {answer}
          </Text>
        </Group>
        {confirmDialog}
      </Section>
      <Section title={t('gallery.tree')}>
        <CheckTree
          nodes={tree}
          checked={checked}
          onChange={setChecked}
          label={t('gallery.tree.label')}
          linkAncestors
          defaultExpandDepth={Infinity}
        />
        <Text size="sm" mt="xs" aria-live="polite">
          {checked.length
            ? t('gallery.tree.checked', { ids: checked.join(',') })
            : t('gallery.tree.none')}
        </Text>
      </Section>
      <Section title={t('gallery.tags')}>
        <Group gap="sm">
          <Badge color="green">{t('gallery.tag.enabled')}</Badge>
          <Badge color="gray">{t('gallery.tag.disabled')}</Badge>
          <Badge color="blue">{t('gallery.tag.pending')}</Badge>
        </Group>
      </Section>
      <Section title={t('gallery.input')}>
        <TextInput
          label={t('gallery.input.label')}
          placeholder={t('gallery.input.placeholder')}
          maw={320}
        />
      </Section>
    </Stack>
  );
}
