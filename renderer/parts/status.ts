import type { TFunction } from 'i18next';
import type { ValidationItem } from '../../shared/model';

type Status = ValidationItem['status'];
const STATUSES: Status[] = ['todo', 'in-progress', 'done', 'blocked'];

/** The task statuses (validation items, checklist items) as select options in the UI language. */
export const statusOptions = (t: TFunction) => STATUSES.map((s) => ({ value: s, label: t(`wizard.status.${s}`) }));
