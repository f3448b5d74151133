import type { CommandKit, CommandServices } from '../common/command-kit';
import { readSecret } from '../common/command-kit';

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
    .command('operator:remove')
    .description('A platform operator no longer: their key is revoked, their sessions as operator end within seconds')
    .requiredOption('--email <email>', 'their email')
    .action(
      run(async (services, options: { email: string }) => (await people(services)).removeOperator(options.email)),
    );
}
