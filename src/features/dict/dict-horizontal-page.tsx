import { messageTexts } from '../../i18n';
import { dict } from '../../i18n/messages/dict';
import { DictLayout, layoutDefs } from './dict-layout';

/** The system dictionary under the dict_horizontal_* button codes (spec section 2). */
const HORIZONTAL = layoutDefs({
  service: 'blade-system/dict',
  route: '/dict-horizontal/index',
  menu: 'dict_horizontal',
  title: messageTexts(dict, 'dict.layout.horizontal'),
});

/** /dict-horizontal/index: dictionaries on the left, the chosen one's entries on the right. */
export default function DictHorizontalPage() {
  return <DictLayout defs={HORIZONTAL} direction="horizontal" />;
}
