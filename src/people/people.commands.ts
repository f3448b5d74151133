import type { CommandKit, CommandServices } from '../common/command-kit';
import { readSecret, uuid } from '../common/command-kit';
import { ROLES } from './roles';

// People from the command line: platform operators are made and unmade here only (whoever runs the
// CLI holds the database; no key or session can make one). Loaded at the CLI's start: what an action
// needs is imported when it runs.

const people = async (services: CommandServices) => {
  const { PeopleService } = await import('./people.service.js');
  return services.get(PeopleService);
};

export function peopleCommands({ program, run }: CommandKit): void {
  program
    .command('operator:add')
    .description(
      'Make a person a platform operator: their console sessions can act for the platform (no platform key in a ' +
        'browser). A new account gets the password given (`-` reads it from stdin), or none: single sign-on only',
    )
    .requiredOption('--email <email>', 'their email')
    .option('--password <password>', 'a new account’s password (12 to 200 characters); - reads stdin')
    .action(
      run(async (services, options: { email: string; password?: string }) => {
        const { GraphError } = await import('../core/graph-error.js');
        const { isEmail } = await import('class-validator');
        if (!isEmail(options.email.trim()))
          throw GraphError.invalidParameter('Invalid parameter', 'email: must be an email address');
        const password = options.password === undefined ? undefined : await readSecret(options.password);
        const { PASSWORD_MAX, PASSWORD_MIN } = await import('./passwords.js');
        if (
          password !== undefined &&
          (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX || !/\S/.test(password))
        )
          throw GraphError.invalidParameter(
            'Invalid parameter',
            `password: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not only spaces`,
          );
        return (await people(services)).makeOperator(options.email, password);
      }),
    );

  program
    .command('member:invite')
    .description(
      'Invite a person to an organization with a role, its first owner included: mailed where SMTP_URL is set, else the ' +
        'link is printed (this once: only its hash is kept). Valid 7 days, used once',
    )
    .requiredOption('--org <orgId>', 'the organization', uuid)
    .requiredOption('--email <email>', 'who may accept it')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`)
    .action(
      run(async (services, options: { org: string; email: string; role: string }) => {
        const service = await people(services);
        const { isRole } = await import('./roles.js');
        const { GraphError } = await import('../core/graph-error.js');
        if (!isRole(options.role))
          throw GraphError.invalidParameter('Invalid parameter', `role: one of ${ROLES.join(', ')}`);
        const invitation = await service.inviteAsOperator(
          options.org,
          { email: options.email, role: options.role },
          null,
        );
        return invitation.link === undefined ? invitation : { ...invitation, link: service.linkUrl(invitation.link) };
      }),
    );

  program
    .command('operator:remove')
    .description('A platform operator no longer: their key is revoked, their sessions as operator end within seconds')
    .requiredOption('--email <email>', 'their email')
    .action(
      run(async (services, options: { email: string }) => (await people(services)).removeOperator(options.email)),
    );
}
