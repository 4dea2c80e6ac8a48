import { messageTexts } from '../../i18n';
import { dict } from '../../i18n/messages/dict';
import { DictLayout, layoutDefs } from './dict-layout';

/** The system dictionary under the dict_vertical_* button codes (spec section 2). */
const VERTICAL = layoutDefs({
  service: 'blade-system/dict',
  route: '/dict-vertical/index',
  menu: 'dict_vertical',
  title: messageTexts(dict, 'dict.layout.vertical'),
});

/** /dict-vertical/index: dictionaries above, the chosen one's entries below. */
export default function DictVerticalPage() {
  return <DictLayout defs={VERTICAL} direction="vertical" />;
}
