import { Indicator, Tooltip } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { BarIcon } from '../../../components/top-bar-icon';
import { TODO_SCREEN, useWorkTodoCountQuery } from '../../../resources/blade-flow-work/todo-count';
import { usePermissions } from '../../../state/permissions-context';
import { useT } from '../../../state/hooks';
import { badgeText } from './badge';

/**
 * The top bar's todo tasks (issue 29 item 4): my assigned tasks as a badge (the tasks to claim
 * in its name and tooltip), opening 待办事务. Shown only to holders of that screen. The count is
 * asked again when the window regains focus and after any task action (the action invalidates
 * the work service's tag, which this query provides). Red 9: white on it passes WCAG AA
 * (5.5:1; Mantine's default red is 3.3:1).
 */
export function TodoBadge() {
  const held = usePermissions();
  if (!held.has(TODO_SCREEN.menu)) return null;
  return <TodoBadgeShown />;
}

function TodoBadgeShown() {
  const t = useT();
  const navigate = useNavigate();
  const { data } = useWorkTodoCountQuery(undefined, { refetchOnFocus: true });
  const todo = data?.todo ?? 0;
  const claim = data?.claim ?? 0;
  const badge = badgeText(todo);
  const label = data ? t('workTasks.badge.label', { todo, claim }) : t('workTasks.badge.title');
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <Indicator label={badge} disabled={!badge} size={16} offset={6} color="red.9" inline>
        <BarIcon label={label} onClick={() => void navigate(TODO_SCREEN.route)}>
          <IconChecklist size={20} stroke={1.6} />
        </BarIcon>
      </Indicator>
    </Tooltip>
  );
}
