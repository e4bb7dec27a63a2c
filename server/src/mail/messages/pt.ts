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
  // Per-account cap on failed sign-ins
  signinPaused: {
    subject: 'Alguém está tentando entrar na sua conta {brand}',
    preheader: 'O acesso com senha está pausado até você escolher uma nova.',
    intro:
      'Houve muitas tentativas malsucedidas de entrar na sua conta {brand} ({email}) com uma senha incorreta. Para proteger sua conta, o acesso com senha está pausado. Escolha uma nova senha para entrar novamente.',
    button: 'Escolher nova senha',
    after:
      'Sua senha não foi alterada. Se não foi você que tentou entrar, alguém pode estar tentando adivinhar sua senha: escolha uma nova que você não use em nenhum outro lugar.',
  },
  ssoLinked: {
    subject: '{provider} foi conectado à sua conta {brand}',
    preheader: 'Agora você pode entrar com {provider}.',
    intro:
      'Uma conta {provider} acabou de ser conectada à sua conta {brand} ({email}). A partir de agora, você também pode entrar com {provider}.',
    button: 'Abrir sua conta',
    notYou: 'Se não foi você, abra sua conta, desconecte {provider} e entre em contato com o nosso suporte.',
  },
  passwordUpdated: {
    subject: 'A senha da sua conta {brand} foi alterada',
    preheader: 'Todos os outros dispositivos foram desconectados.',
    intro:
      'A senha da sua conta {brand} ({email}) acabou de ser alterada nas configurações da conta. Todos os outros dispositivos conectados foram desconectados.',
    button: 'Entrar',
    notYou: 'Se não foi você, redefina sua senha imediatamente e entre em contato com nosso suporte.',
  },
  emailChangeVerify: {
    subject: 'Confirme seu novo endereço de e-mail para {brand}',
    preheader: 'Um clique e sua conta passa a usar este endereço.',
    intro: 'Você pediu para usar {email} na sua conta {brand}. Confirme que este é o seu endereço; a alteração só vale depois disso.',
    button: 'Confirmar novo endereço',
    expiry: 'O link é válido por {hours} horas.',
  },
  emailChangeCode: {
    subject: 'Seu código {brand} para confirmar o novo endereço de e-mail: {code}',
    preheader: 'Digite-o para confirmar o novo endereço.',
    intro: 'Você pediu para usar {email} na sua conta {brand}. Digite este código nas configurações para confirmar o novo endereço:',
    expiry: 'O código é válido por {minutes} minutos.',
  },
  emailChangeNotice: {
    subject: 'O endereço de e-mail da sua conta {brand} vai mudar',
    preheader: 'Se não foi você, interrompa agora.',
    intro:
      'Alguém conectado à sua conta {brand} pediu para mudar o endereço de e-mail dela para {email}. A alteração vale assim que o novo endereço for confirmado.',
    button: 'Não fui eu: interromper a alteração',
    notYou:
      'Interromper a alteração também desconecta todos os dispositivos e encerra a senha atual, pois quem fez o pedido a conhece; depois, um link para escolher uma nova chega a este endereço.',
  },
  accountRecovered: {
    subject: 'Escolha uma nova senha para sua conta {brand}',
    preheader: 'A alteração de e-mail foi interrompida e todos os dispositivos desconectados.',
    intro:
      'Você interrompeu uma alteração do endereço de e-mail da sua conta {brand} ({email}). Todos os dispositivos foram desconectados e a senha não funciona mais, pois quem pediu a alteração a conhecia.',
    /** Followed by the list of what went, in `wayInsAddedSince`. */
    removedSince: 'Também foi removido o que tinha sido adicionado desde o pedido: {removed}.',
    button: 'Escolher uma nova senha',
    expiry:
      'O link vale por {minutes} minutos e funciona uma única vez. Depois disso, peça um novo em “Esqueceu a senha?” na página de login.',
  },
  emailChangeTaken: {
    subject: 'Seu endereço de e-mail já é usado em {brand}',
    preheader: 'Nenhum endereço foi alterado.',
    intro:
      'Alguém tentou mudar outra conta {brand} para este endereço de e-mail. Este endereço já tem uma conta própria, então nada foi alterado.',
    button: 'Entrar',
  },
  deletionCode: {
    subject: 'Seu código {brand} para excluir sua conta: {code}',
    preheader: 'Digite-o para confirmar a exclusão.',
    intro: 'Digite este código nas configurações para confirmar que sua conta {brand} deve ser excluída definitivamente:',
    expiry: 'O código é válido por {minutes} minutos. Se você não pediu isso, ignore este e-mail: sua conta continua como está.',
  },
  ssoLinkCode: {
    subject: 'Seu código da {brand} para conectar um provedor de login: {code}',
    preheader: 'Digite-o para confirmar a conexão.',
    intro:
      'Digite este código nas configurações da sua conta para confirmar que o Google ou a Microsoft deve ser conectado à sua conta da {brand}:',
    expiry:
      'O código é válido por {minutes} minutos. Se você não pediu isso, alguém pode estar usando sua conta: encerre a sessão em todos os outros dispositivos nas configurações e fale com nosso suporte.',
  },
  passkeyCode: {
    subject: 'Seu código da {brand} para alterar suas chaves de acesso: {code}',
    preheader: 'Digite-o para confirmar a alteração.',
    intro:
      'Digite este código nas configurações da sua conta para confirmar a alteração das chaves de acesso da sua conta da {brand} (adicionar, renomear ou remover uma):',
    expiry:
      'O código é válido por {minutes} minutos. Se você não pediu isso, alguém pode estar usando sua conta: encerre a sessão em todos os outros dispositivos nas configurações e fale com nosso suporte.',
  },
  accountDeleted: {
    subject: 'Sua conta {brand} foi excluída',
    preheader: 'Obrigado por ter estado conosco.',
    intro:
      'Sua conta {brand} ({email}) e os dados pessoais guardados com ela foram excluídos, como você pediu. Você pode se cadastrar de novo com este endereço a qualquer momento.',
    after: 'Se não foi você que excluiu a conta, entre em contato com nosso suporte imediatamente.',
  },
  twoFactorCode: {
    subject: 'Seu código da {brand} para a autenticação de dois fatores: {code}',
    preheader: 'Digite-o para confirmar a alteração.',
    intro:
      'Digite este código nas configurações da sua conta para confirmar a alteração da autenticação de dois fatores da sua conta da {brand}:',
    expiry:
      'O código é válido por {minutes} minutos. Se você não pediu isso, alguém pode estar usando sua conta: encerre a sessão em todos os outros dispositivos nas configurações e fale com nosso suporte.',
  },
  twoFactorEnabled: {
    subject: 'A autenticação de dois fatores está ativada na sua conta da {brand}',
    preheader: 'Agora o login também pede um código do seu aplicativo autenticador.',
    intro:
      'A autenticação de dois fatores acabou de ser ativada na sua conta da {brand} ({email}). Agora o login também pede um código do seu aplicativo autenticador ou um dos seus códigos de recuperação.',
    button: 'Abrir as configurações',
    notYou: 'Se não foi você, redefina sua senha agora mesmo e fale com nosso suporte.',
  },
  twoFactorDisabled: {
    subject: 'A autenticação de dois fatores está desativada na sua conta da {brand}',
    preheader: 'O login não pede mais um código.',
    intro:
      'A autenticação de dois fatores acabou de ser desativada na sua conta da {brand} ({email}). O login não pede mais um código do seu aplicativo autenticador.',
    button: 'Abrir as configurações',
    notYou: 'Se não foi você, redefina sua senha agora mesmo, ative a autenticação de dois fatores de novo e fale com nosso suporte.',
  },
  twoFactorReset: {
    subject: 'A autenticação de dois fatores da sua conta da {brand} foi redefinida',
    preheader: 'Nosso suporte a desativou a seu pedido.',
    intro:
      'Nosso suporte desativou a autenticação de dois fatores da sua conta da {brand} ({email}), como você pediu depois de perder seu aplicativo autenticador e seus códigos de recuperação. Eles não funcionam mais.',
    button: 'Ativar de novo',
    after: 'Se você não pediu isso, redefina sua senha agora mesmo e fale com nosso suporte.',
  },
  wayInAdded: {
    subject: 'Uma nova forma de entrar na sua conta {brand}',
    preheader: '{method} agora permite entrar na sua conta.',
    intro: '{method} passou a ser uma forma de entrar na sua conta {brand} ({email}).',
    button: 'Abrir as configurações',
    notYou:
      'Se não foi você, remova essa forma de entrar nas configurações, altere sua senha imediatamente e entre em contato com nosso suporte.',
  },
  wayInRemoved: {
    subject: 'Uma forma de entrar foi removida da sua conta {brand}',
    preheader: '{method} não permite mais entrar na sua conta.',
    intro: '{method} deixou de ser uma forma de entrar na sua conta {brand} ({email}).',
    button: 'Abrir as configurações',
    notYou: 'Se não foi você, altere sua senha imediatamente e entre em contato com nosso suporte.',
  },
  /** One way in, as the subject of the two notices above ({detail}: a passkey's name, a provider). */
  wayIn: {
    password: 'Uma senha',
    identity: 'Sua conta {detail}',
    panelLink: 'Um vínculo com um painel de hospedagem ({detail})',
    passkey: 'A chave de acesso “{detail}”',
    authenticator: 'Um aplicativo autenticador',
    recoveryCodes: 'Um novo conjunto de códigos de recuperação',
  },
  /** Each kind of way in, as an item of the recovered mail's list. */
  wayInsAddedSince: {
    password: 'a senha',
    identity: 'as conexões de login (Google, Microsoft)',
    panelLink: 'os vínculos com painéis de hospedagem',
    passkey: 'as chaves de acesso',
    authenticator: 'o aplicativo autenticador com seus códigos de recuperação',
    recoveryCodes: 'os códigos de recuperação',
  },
  teamInvitation: {
    subject: 'Participe da equipe de {team} no {brand}',
    preheader: '{inviter} convidou você para a equipe de monitoramento.',
    intro: '{inviter} convidou você para participar da equipe de {team} no {brand}, para ver seus servidores, sites e alertas.',
    /** When the team has a name of its own (the lines above name it after its owner). */
    subjectNamed: 'Participe da equipe “{team}” no {brand}',
    introNamed: '{inviter} convidou você para participar da equipe “{team}” no {brand}, para ver seus servidores, sites e alertas.',
    button: 'Aceitar o convite',
    expiry: 'O convite é válido por {days} dias, até {date}.',
    notExpected: 'Se você não esperava este convite, pode ignorar este e-mail. Nada vai mudar.',
  },
  accountDisabled: {
    subject: 'Sua conta {brand} foi desativada',
    preheader: 'Você não pode mais entrar.',
    intro:
      'Nosso suporte desativou sua conta {brand} ({email}). Você não pode mais entrar nela, e a sessão foi encerrada em todos os dispositivos e apps.',
    after: 'Se você acha que isso é um engano, entre em contato com nosso suporte.',
  },
  accountEnabled: {
    subject: 'Sua conta {brand} foi reativada',
    preheader: 'Você pode entrar como antes.',
    intro: 'Nosso suporte reativou sua conta {brand} ({email}). Você pode entrar como antes.',
    button: 'Entrar',
    after: 'Se você não esperava por isso, entre em contato com nosso suporte.',
  },
  sessionsEndedBySupport: {
    subject: 'Sua sessão na conta {brand} foi encerrada',
    preheader: 'Entre novamente para continuar.',
    intro:
      'Nosso suporte encerrou a sessão da sua conta {brand} ({email}) em todos os dispositivos e apps. Entre novamente para continuar.',
    button: 'Entrar',
    after: 'Se você não pediu isso, troque sua senha imediatamente e entre em contato com nosso suporte.',
  },
};

export default pt;
