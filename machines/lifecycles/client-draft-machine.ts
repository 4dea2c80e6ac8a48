import { defineLifecycle } from './lifecycle';

/**
 * A manuscript draft of an access party's content (issue 27 item 9): `draft` -> `submitted`
 * (drafts/commit) -> `published` | `rejected`. A draft is written (edited, cut, given
 * thumbnails) only while `edit` is allowed: as a draft, or rejected and being reworked; a
 * rejected draft is committed again. Publishing and rejecting have no call of the spec yet: the
 * machine names them so the states and their counts (drafts/status/list) are the whole story.
 */
export const clientDraftLifecycle = defineLifecycle({
  id: 'clientDraft',
  name: { zh: '稿件', en: 'Draft' },
  initial: 'draft',
  states: {
    draft: { zh: '草稿', en: 'Draft' },
    submitted: { zh: '已提交', en: 'Submitted' },
    published: { zh: '已发布', en: 'Published' },
    rejected: { zh: '已驳回', en: 'Rejected' },
  },
  events: ['edit', 'commit', 'publish', 'reject'],
  transitions: {
    draft: { edit: 'draft', commit: 'submitted' },
    submitted: { publish: 'published', reject: 'rejected' },
    published: {},
    rejected: { edit: 'rejected', commit: 'submitted' },
  },
});

export type ClientDraftState = keyof typeof clientDraftLifecycle.states;
export type ClientDraftEvent = (typeof clientDraftLifecycle.events)[number];
