import {
  api,
  invitationAccepted,
  invitationAcceptRequest,
  invitationPreview,
  invitationTokenSchema,
  teamInvitationView,
  teamInviteBatchRequest,
  teamInviteBatchResponse,
  teamInviteRequest,
  teamRoleRequest,
  teamsResponse,
  teamUpdateRequest,
} from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { empty, replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, signedIn } from '../../http/session.ts';
import { acceptInvitation, previewInvitation } from './invitation.service.ts';
import {
  changeMemberRole,
  inviteManyToTeam,
  inviteToTeam,
  listTeams,
  removeMember,
  resendInvitation,
  revokeInvitation,
  updateTeam,
} from './team.service.ts';

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: invitationTokenSchema });

export function teamRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];

  r.get(
    api.team,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The teams of the signed-in account (its own first): members, pending invitations, license',
        response: replies(teamsResponse),
      },
    },
    async (request) => ({ data: await listTeams(deps, authOf(request)) }),
  );

  r.post(
    api.teamInvitations,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Invite an address to a team (owner and admins); mails the invitation link',
        body: teamInviteRequest,
        response: replies(teamInvitationView),
      },
    },
    async (request) => ({ data: await inviteToTeam(deps, authOf(request), request.body, callerOf(request)) }),
  );

  r.patch(
    api.team,
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "Name a team, or require two-factor of its members with a grace period in days (default 7) (owner and admins); the caller's own team when teamId is left out",
        body: teamUpdateRequest,
        response: replies(empty),
      },
    },
    async (request) => {
      await updateTeam(deps, authOf(request), request.body, callerOf(request));
      return { data: {} };
    },
  );

  r.post(
    api.teamInvitationBatch,
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Invite several addresses at once (owner and admins); each is answered on its own: invited, already a member, already invited (resend it), invalid, or failed (a limit)',
        body: teamInviteBatchRequest,
        response: replies(teamInviteBatchResponse),
      },
    },
    async (request) => ({ data: { results: await inviteManyToTeam(deps, authOf(request), request.body, callerOf(request)) } }),
  );

  r.post(
    api.teamInvitationResend,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Send a pending invitation again, with a new link and 7 more days',
        params: idParams,
        response: replies(teamInvitationView),
      },
    },
    async (request) => ({ data: await resendInvitation(deps, authOf(request), request.params.id, callerOf(request)) }),
  );

  r.delete(
    api.teamInvitation,
    { ...signedIn, schema: { tags, summary: 'Revoke a pending invitation', params: idParams, response: replies(empty) } },
    async (request) => {
      await revokeInvitation(deps, authOf(request), request.params.id, callerOf(request));
      return { data: {} };
    },
  );

  r.patch(
    api.teamMember,
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Change a member's role (owner and admins; never the owner's)",
        params: idParams,
        body: teamRoleRequest,
        response: replies(empty),
      },
    },
    async (request) => {
      await changeMemberRole(deps, authOf(request), request.params.id, request.body.role, callerOf(request));
      return { data: {} };
    },
  );

  r.delete(
    api.teamMember,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Remove a member (owner and admins), or leave a team (your own membership); never the owner',
        params: idParams,
        response: replies(empty),
      },
    },
    async (request) => {
      await removeMember(deps, authOf(request), request.params.id, callerOf(request));
      return { data: {} };
    },
  );

  r.get(
    api.invitation,
    {
      schema: {
        tags,
        summary: 'What an invitation shows, to the holder of its token (no session needed)',
        params: tokenParams,
        response: replies(invitationPreview),
      },
    },
    async (request) => ({ data: await previewInvitation(deps, request.params.token, callerOf(request)) }),
  );

  r.post(
    api.invitationAccept,
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Accept an invitation: the signed-in account must have the invited address, or send otherAddress: true (its own "Join" on a screen naming the team)',
        params: tokenParams,
        // A browser POST without a body arrives as null: the invited address accepts with no body at all.
        body: invitationAcceptRequest.nullish(),
        response: replies(invitationAccepted),
      },
    },
    async (request) => {
      const options = { otherAddress: request.body?.otherAddress === true };
      return { data: await acceptInvitation(deps, authOf(request).account.id, request.params.token, options, callerOf(request)) };
    },
  );
}
