import { Alert, Box, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { useT } from '../../state/hooks';
import type { ModelView } from './diagram-colours';
import { useDiagramTheme } from './use-diagram-palette';
import { CentredLoader } from '../centred-loader';

/** Shown while the data or the code is on its way. */
const DIAGRAM_LOADING = <CentredLoader label="workflowDesign.diagram.loading" h="100%" />;

/** The viewer and bpmn-js's styles: their own chunk, fetched when a dialog first opens. */
const BpmnCanvas = lazyComponent(
  () => import('./bpmn-canvas'),
  () => DIAGRAM_LOADING,
);

export interface BpmnDiagramDialogProps {
  /** The diagram with what the instance went through; undefined while it loads. */
  view: ModelView | undefined;
  /** Why it could not be loaded (the server's message), shown as text. */
  error?: string | undefined;
  /** A line under the title, e.g. the process name and version. */
  subtitle?: string | undefined;
  onClose(): void;
}

/**
 * 流程图展示 / Flow chart display (spec section 4 item 11): a process diagram in view mode,
 * coloured per diagram-colours.ts, with a legend. The data comes from the caller (this floor
 * does not fetch): resources/blade-flow/flow-diagram-dialog.tsx loads process/model-view.
 */
export function BpmnDiagramDialog({ view, error, subtitle, onClose }: BpmnDiagramDialogProps) {
  const t = useT();
  const theme = useDiagramTheme();
  const [renderError, setRenderError] = useState<string>();
  const shown = error ?? renderError;
  const legend = [
    { role: 'success', label: t('workflowDesign.diagram.legend.finished') },
    { role: 'primary', label: t('workflowDesign.diagram.legend.open') },
    { role: 'current', label: t('workflowDesign.diagram.legend.current') },
    { role: 'warning', label: t('workflowDesign.diagram.legend.flow') },
  ] as const;
  return (
    <Modal opened onClose={onClose} title={t('workflowDesign.diagram.title')} size="80%">
      {subtitle && (
        <Text size="sm" c="dimmed" mb="xs">
          {subtitle}
        </Text>
      )}
      <Group gap="md" mb="xs" aria-label={t('workflowDesign.diagram.legend')} role="list">
        {legend.map(({ role, label }) => (
          <Group key={role} gap={6} role="listitem">
            <Box
              aria-hidden
              w={14}
              h={14}
              style={{
                border: `${role === 'current' ? 3 : 2}px solid ${theme.roles[role].stroke}`,
                background: theme.roles[role].fill,
                borderRadius: 3,
              }}
            />
            <Text size="xs">{label}</Text>
          </Group>
        ))}
      </Group>
      <Box h="60vh" style={{ border: '1px solid var(--mantine-color-default-border)' }}>
        {shown ? (
          <Alert color="red" role="alert" m="md">
            {shown}
          </Alert>
        ) : view ? (
          <BpmnCanvas
            view={view}
            theme={theme}
            label={t('workflowDesign.diagram.title')}
            onError={(e) =>
              setRenderError(
                t('workflowDesign.diagram.renderFailed', {
                  message: e instanceof Error ? e.message : String(e),
                }),
              )
            }
          />
        ) : (
          DIAGRAM_LOADING
        )}
      </Box>
    </Modal>
  );
}
