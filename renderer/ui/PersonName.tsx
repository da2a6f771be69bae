import { stripBidi } from '../../shared/text/bidi';
import './person-name.css';

/**
 * A person's name as the app shows it in tight places (chips, board rows): direction controls
 * removed (an override cannot reorder the words around it), isolated from its neighbours, cut
 * to one line with an ellipsis; the whole name on hover.
 */
export function PersonName({ name, className }: { name: string; className?: string }) {
  const clean = stripBidi(name);
  return (
    <bdi className={className ? `person-name ${className}` : 'person-name'} title={clean}>
      {clean}
    </bdi>
  );
}
