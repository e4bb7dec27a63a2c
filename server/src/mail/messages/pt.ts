import type { MailMessages } from './en.ts';

const pt: MailMessages = {
  common: {
    greeting: 'Olá,',
    signature: 'Equipe {brand}',
    buttonFallback: 'Se o botão não funcionar, copie e cole este endereço no seu navegador:',
    ignore: 'Se você não fez esta solicitação, pode ignorar este e-mail. Nada será alterado.',
    footer: 'Você está recebendo este e-mail porque este endereço foi informado em {brand}.',
  },
  verifyEmail: {
    subject: 'Confirme seu endereço de e-mail para {brand}',
    preheader: 'Só um clique e sua conta estará pronta.',
    intro: 'Obrigado por se cadastrar em {brand}. Confirme que este é o seu endereço de e-mail para continuar a configuração da sua conta.',
    button: 'Confirmar endereço de e-mail',
    expiry: 'O link é válido por {hours} horas.',
  },
  alreadyRegistered: {
    subject: 'Você já tem uma conta {brand}',
    preheader: 'Nenhuma conta nova foi criada.',
    intro:
      'Alguém (esperamos que você) tentou se cadastrar em {brand} com este endereço de e-mail. Como você já tem uma conta, nenhuma nova foi criada.',
    button: 'Entrar',
    reset: 'Esqueceu sua senha? Você pode escolher uma nova aqui:',
  },
  passwordReset: {
    subject: 'Redefina a senha da sua conta {brand}',
    preheader: 'Escolha uma nova senha para sua conta.',
    intro: 'Recebemos uma solicitação para redefinir a senha da sua conta {brand}. Escolha uma nova senha usando o botão abaixo.',
    button: 'Escolher nova senha',
    expiry: 'O link é válido por {minutes} minutos e só pode ser usado uma vez.',
  },
  passwordChanged: {
    subject: 'A senha da sua conta {brand} foi alterada',
    preheader: 'Todos os dispositivos foram desconectados.',
    intro: 'A senha da sua conta {brand} ({email}) acabou de ser alterada. Todos os dispositivos conectados foram desconectados.',
    button: 'Entrar',
    notYou: 'Se não foi você, redefina sua senha imediatamente e entre em contato com nosso suporte.',
  },
  signupCode: {
    subject: 'Seu código de verificação {brand}: {code}',
    preheader: 'Digite-o para confirmar seu e-mail.',
    intro: 'Digite este código para confirmar seu e-mail e concluir a configuração da sua conta {brand}:',
    expiry: 'O código é válido por {minutes} minutos.',
  },
  resetCode: {
    subject: 'Seu código de redefinição de senha {brand}: {code}',
    preheader: 'Digite-o para escolher uma nova senha.',
    intro: 'Digite este código para escolher uma nova senha para a sua conta {brand}:',
    expiry: 'O código é válido por {minutes} minutos.',
  },
  // Teams
  teamInvitation: {
    subject: 'Participe da equipe de {team} no {brand}',
    preheader: '{inviter} convidou você para a equipe de monitoramento.',
    intro: '{inviter} convidou você para participar da equipe de {team} no {brand}, para ver seus servidores, sites e alertas.',
    button: 'Aceitar o convite',
    expiry: 'O convite é válido por {days} dias, até {date}.',
    notExpected: 'Se você não esperava este convite, pode ignorar este e-mail. Nada vai mudar.',
  },
};

export default pt;
