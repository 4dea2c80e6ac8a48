import { Box, Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLang, useT } from '../../app/hooks';
import { matchMenus, type MenuMatch } from './menu-match';
import { closeMenuSearch, useMenuSearch } from './menu-search-store';
import { menuTarget } from './menu-tree';
import { useUserMenu } from './use-user-menu';
import classes from './menu-search.module.css';

export { openMenuSearch, closeMenuSearch, useMenuSearch } from './menu-search-store';

const MAX_RESULTS = 50;

/**
 * Menu search overlay (spec screen 8). Rendered once by the layout; anything opens it with
 * `openMenuSearch()` (or `useMenuSearch().open`). Esc and a click outside close it.
 */
export function MenuSearch() {
  const { opened } = useMenuSearch();
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={closeMenuSearch}
      title={t('layout.search.title')}
      size="lg"
      yOffset="10vh"
    >
      <MenuSearchBody />
    </Modal>
  );
}

/** The box and the list; mounted per opening, so each search starts empty. */
function MenuSearchBody() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { leaves } = useUserMenu();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const matches = useMemo(
    () => matchMenus(leaves, lang, query).slice(0, MAX_RESULTS),
    [leaves, lang, query],
  );
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const index = Math.min(selected, matches.length - 1);

  const choose = (match: MenuMatch | undefined) => {
    if (!match) return;
    const target = menuTarget(match.node);
    closeMenuSearch();
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    else void navigate(target.to);
  };

  const move = (to: number) => {
    if (matches.length === 0) return;
    const next = (to + matches.length) % matches.length;
    setSelected(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return; // an IME is still composing Chinese text
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(index - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(matches[index]);
    }
  };

  const option = (match: MenuMatch, i: number) => (
    <UnstyledButton
      component="li"
      key={match.node.id}
      id={optionId(i)}
      role="option"
      aria-selected={i === index}
      className={classes.option}
      data-selected={i === index || undefined}
      tabIndex={-1}
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={() => i !== index && setSelected(i)}
      onClick={() => choose(match)}
    >
      <span>{match.label}</span>
      <Text component="span" size="xs" c="dimmed" className={classes.path}>
        {match.node.path}
      </Text>
    </UnstyledButton>
  );

  const prefix = matches.filter((m) => m.group === 'prefix');
  const groups = [
    { key: 'prefix', label: t('layout.search.prefix'), items: prefix, offset: 0 },
    {
      key: 'contains',
      label: t('layout.search.contains'),
      items: matches.filter((m) => m.group === 'contains'),
      offset: prefix.length,
    },
  ].filter((g) => g.items.length > 0);

  return (
    <>
      <TextInput
        data-autofocus
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setSelected(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('layout.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        role="combobox"
        aria-label={t('layout.search.placeholder')}
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches.length > 0 ? optionId(index) : undefined}
        description={t('layout.search.hint')}
      />
      <Box
        id={listId}
        role="listbox"
        aria-label={t('layout.search.results')}
        className={classes.list}
      >
        {groups.map((g) => (
          <ul
            key={g.key}
            role="group"
            aria-labelledby={`${listId}-${g.key}`}
            className={classes.group}
          >
            <Text
              component="li"
              role="presentation"
              id={`${listId}-${g.key}`}
              size="xs"
              fw={600}
              c="dimmed"
              className={classes.groupLabel}
            >
              {g.label}
            </Text>
            {g.items.map((m, i) => option(m, g.offset + i))}
          </ul>
        ))}
      </Box>
      {query.trim() !== '' && matches.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md" role="status">
          {t('layout.search.none')}
        </Text>
      )}
    </>
  );
}
