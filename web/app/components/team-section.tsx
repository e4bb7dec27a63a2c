import { api as paths, type TeamsResponse } from '@gatehouse/contract';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { TeamCard } from './team-card.tsx';

/**
 * The account page's Team section: every team the person joined, with that team's license, then
 * their own team (members, pending invitations, the invite form).
 */
export function TeamSection() {
  const [teams, setTeams] = useState<TeamsResponse['teams'] | undefined>();
  const refresh = useCallback(async () => {
    const result = await api<TeamsResponse>('GET', paths.team);
    if (result.data) setTeams(result.data.teams);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  if (!teams) return null;
  // The teams one joined come first: their license is the one a member works with.
  const own = teams.find((team) => team.role === 'owner');
  const joined = teams.filter((team) => team !== own);
  return (
    <>
      {joined.map((team) => (
        <TeamCard key={team.id} team={team} own={false} onChange={refresh} />
      ))}
      {own && <TeamCard team={own} own onChange={refresh} />}
    </>
  );
}
