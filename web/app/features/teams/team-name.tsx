import { checkTeamName, api as paths, type TeamView } from '@gatehouse/contract/browser';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { type Translator, useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';

type Names = Pick<TeamView, 'name' | 'ownerName'>;

/** A team as a heading: its name, or the default named after its owner (decision 040). */
export const teamTitle = (t: Translator['t'], team: Names) => team.name ?? t('team.teamOf', { owner: team.ownerName });

/** A team inside a sentence ("Leave the {team}?"), in the words each language needs there. */
export const teamInText = (t: Translator['t'], team: Names) =>
  team.name ? t('team.named', { name: team.name }) : t('team.ownedBy', { owner: team.ownerName });

/** The owner's and admins' form naming the team, shown in place of the heading's Rename. */
export function TeamNameForm({ team, onDone }: { team: TeamView; onDone(name?: string): Promise<void> }) {
  const { t } = useI18n();
  const f = useForm();
  const headingId = useId();
  const [name, setName] = useState(team.name ?? '');
  const box = useRef<HTMLDivElement>(null);
  // Focus moves to the field that just appeared, where the person meant to type.
  useEffect(() => box.current?.querySelector('input')?.focus(), []);

  const submit = f.onSubmit(async () => {
    const checked = checkTeamName(name);
    if (!f.check({ name: checked.ok ? undefined : checked.code }) || !checked.ok) return;
    const result = await api('PATCH', paths.team, { name: checked.name, teamId: team.id });
    if (result.error) return f.fail(result);
    await onDone(checked.name);
  });

  return (
    <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form team__rename" aria-labelledby={headingId}>
      <h3 id={headingId} className="sr-only">
        {t('team.rename')}
      </h3>
      <FormAlert code={f.formError} />
      <div ref={box}>
        <Field
          name="name"
          label={t('team.nameLabel')}
          value={name}
          placeholder={t('team.teamOf', { owner: team.ownerName })}
          onChange={(event) => setName(event.target.value)}
          error={f.fields.name}
          hint={t('team.nameHint')}
          autoComplete="off"
        />
      </div>
      <div className="team__actions">
        <Button busy={f.busy}>{t('team.nameSave')}</Button>
        <button type="button" className="button button--secondary" onClick={() => void onDone()}>
          {t('team.cancel')}
        </button>
      </div>
    </form>
  );
}
