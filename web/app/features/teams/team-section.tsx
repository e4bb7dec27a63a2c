import { type ErrorCode, api as paths, type TeamsResponse } from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { rich } from '../../lib/rich.tsx';
import { TeamCard } from './team-card.tsx';

/** The reasons a sign-in from a team invitation did not join (`/?error=…` after single sign-on). */
export const isTeamNotice = (code: ErrorCode | undefined): code is ErrorCode =>
  code !== undefined && (code.startsWith('invitation.') || code.startsWith('team.'));

/** A team of one's own with nobody else in it and nobody invited. */
const isEmpty = (team: TeamsResponse['teams'][number]) => team.members.length === 1 && team.invitations.length === 0;

/**
 * The account page's Team section: every team the person joined, with that team's license, then
 * their own team (members, pending invitations, the invite form).
 */
export function TeamSection({
  onChange,
  licenseTeamId,
}: {
  onChange?(): void /** The team whose license the License card shows. */;
  licenseTeamId?: string;
}) {
  const [teams, setTeams] = useState<TeamsResponse['teams'] | undefined>();
  const [params] = useSearchParams();
  const { errorCode, t } = useI18n();
  // Read once: the page drops the query after the first render.
  const [arrived] = useState(() => params.get('error'));
  const code = errorCode(arrived);
  const notice = isTeamNotice(code) ? code : undefined;
  const [left, setLeft] = useState<string | undefined>();
  const refresh = useCallback(async () => {
    const result = await api<TeamsResponse>('GET', paths.team);
    if (result.data) setTeams(result.data.teams);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A change to a team (its two-factor rule) may change what the rest of the page shows: the banner, the license.
  const changed = useCallback(async () => {
    await refresh();
    onChange?.();
  }, [refresh, onChange]);
  if (!teams) return null;
  // The teams one joined come first: their license is the one a member works with.
  const own = teams.find((team) => team.role === 'owner');
  const joined = teams.filter((team) => team !== own);
  return (
    <>
      {notice && <FormAlert code={notice} />}
      {left && <FormAlert tone="success">{rich(t('team.left'), { team: <strong>{left}</strong> })}</FormAlert>}
      {joined.map((team) => (
        <TeamCard key={team.id} team={team} own={false} onChange={changed} onLeft={setLeft} licenseShownAbove={team.id === licenseTeamId} />
      ))}
      {own && joined.length > 0 && isEmpty(own) ? (
        // Someone working in another team never asked for this one: it waits, folded, until they
        // invite someone to it, and unfolds by itself when they leave the last other team.
        <details className="team-fold">
          <summary>
            <span className="team-fold__title">{t('team.ownFolded')}</span>
            <span className="team-fold__hint">{t('team.ownFoldedHint')}</span>
          </summary>
          <TeamCard team={own} own onChange={changed} />
        </details>
      ) : (
        own && <TeamCard team={own} own onChange={changed} />
      )}
    </>
  );
}
