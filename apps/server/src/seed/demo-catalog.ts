import type { Language } from '@snapdrama/contract';

type Text = Record<Language, string>;

export interface DemoCategory {
  key: string;
  name: Text;
}

export interface DemoDrama {
  slug: string;
  title: Text;
  description: Text;
  categories: string[];
  episodes: number;
  freeEpisodes: number;
  price: number;
  ageRate: string;
  ratingCriteria: string[];
  exclusive: boolean;
  /** days before the seed date it was registered */
  daysAgo: number;
  hue: number;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { key: 'romance', name: { en: 'Romance', ko: '로맨스', ja: 'ロマンス' } },
  { key: 'revenge', name: { en: 'Revenge', ko: '복수', ja: '復讐' } },
  { key: 'ceo', name: { en: 'CEO', ko: '재벌', ja: '御曹司' } },
  { key: 'fantasy', name: { en: 'Fantasy', ko: '판타지', ja: 'ファンタジー' } },
  { key: 'thriller', name: { en: 'Thriller', ko: '스릴러', ja: 'スリラー' } },
  { key: 'family', name: { en: 'Family', ko: '가족', ja: '家族' } },
  { key: 'comedy', name: { en: 'Comedy', ko: '코미디', ja: 'コメディ' } },
  { key: 'historical', name: { en: 'Historical', ko: '사극', ja: '時代劇' } },
];

export const DEMO_DRAMAS: DemoDrama[] = [
  {
    slug: 'ceo-contract-bride',
    title: { en: "The CEO's Contract Bride", ko: 'CEO의 계약 신부', ja: 'CEOの契約花嫁' },
    description: {
      en: 'A broke violinist signs a one-year marriage contract with a cold CEO, and neither expects to fall.',
      ko: '빈털터리 바이올리니스트가 냉정한 CEO와 1년짜리 결혼 계약을 맺는다. 둘 다 사랑에 빠질 줄은 몰랐다.',
      ja: '貧乏なバイオリニストが冷たいCEOと一年間の結婚契約を結ぶ。恋に落ちるとは誰も思っていなかった。',
    },
    categories: ['romance', 'ceo'],
    episodes: 60,
    freeEpisodes: 8,
    price: 40,
    ageRate: '15',
    ratingCriteria: ['language'],
    exclusive: true,
    daysAgo: 1,
    hue: 330,
  },
  {
    slug: 'abandoned-heiress',
    title: {
      en: 'Revenge of the Abandoned Heiress',
      ko: '버려진 상속녀의 복수',
      ja: '捨てられた令嬢の復讐',
    },
    description: {
      en: 'Cast out on her wedding day, she returns five years later with a new name and a plan.',
      ko: '결혼식 날 쫓겨난 그녀가 5년 뒤 새 이름과 계획을 들고 돌아온다.',
      ja: '結婚式の日に追い出された彼女は、五年後に新しい名前と計画を携えて戻ってくる。',
    },
    categories: ['revenge', 'family'],
    episodes: 45,
    freeEpisodes: 6,
    price: 50,
    ageRate: '15',
    ratingCriteria: ['violence'],
    exclusive: true,
    daysAgo: 3,
    hue: 0,
  },
  {
    slug: 'midnight-alpha',
    title: { en: 'Midnight Alpha', ko: '자정의 알파', ja: '真夜中のアルファ' },
    description: {
      en: 'A night-shift nurse discovers her patient is the heir of a hidden wolf clan.',
      ko: '야간 근무 간호사는 자신의 환자가 숨겨진 늑대 일족의 후계자라는 걸 알게 된다.',
      ja: '夜勤の看護師は、患者が隠された狼一族の後継者だと知る。',
    },
    categories: ['fantasy', 'romance'],
    episodes: 36,
    freeEpisodes: 5,
    price: 45,
    ageRate: '15',
    ratingCriteria: ['fear'],
    exclusive: false,
    daysAgo: 5,
    hue: 260,
  },
  {
    slug: 'secret-billionaire-husband',
    title: {
      en: 'My Secret Billionaire Husband',
      ko: '비밀 억만장자 남편',
      ja: '秘密の億万長者の夫',
    },
    description: {
      en: 'She married a delivery rider for his kindness. He never mentioned the airline he owns.',
      ko: '다정함에 반해 배달 기사와 결혼했다. 그는 항공사를 가졌다는 말은 하지 않았다.',
      ja: '優しさに惹かれて配達員と結婚した。彼は航空会社を持っていることを言わなかった。',
    },
    categories: ['ceo', 'comedy'],
    episodes: 24,
    freeEpisodes: 5,
    price: 35,
    ageRate: 'all',
    ratingCriteria: [],
    exclusive: false,
    daysAgo: 8,
    hue: 45,
  },
  {
    slug: 'the-queen-returns',
    title: { en: 'The Queen Returns', ko: '여왕의 귀환', ja: '女王の帰還' },
    description: {
      en: 'Poisoned by the court, a queen wakes ten years in the past and rewrites her fate.',
      ko: '궁중에서 독살당한 왕비가 10년 전으로 돌아가 운명을 다시 쓴다.',
      ja: '宮廷で毒殺された王妃が十年前に目覚め、運命を書き換える。',
    },
    categories: ['historical', 'revenge'],
    episodes: 50,
    freeEpisodes: 6,
    price: 50,
    ageRate: '15',
    ratingCriteria: ['violence'],
    exclusive: true,
    daysAgo: 12,
    hue: 20,
  },
  {
    slug: 'deadline-at-dawn',
    title: { en: 'Deadline at Dawn', ko: '새벽의 마감', ja: '夜明けのデッドライン' },
    description: {
      en: 'A reporter has until sunrise to prove the mayor staged his own kidnapping.',
      ko: '기자는 해가 뜨기 전까지 시장이 자작 납치극을 벌였다는 걸 증명해야 한다.',
      ja: '記者は日の出までに、市長の誘拐が自作自演だと証明しなければならない。',
    },
    categories: ['thriller'],
    episodes: 20,
    freeEpisodes: 4,
    price: 40,
    ageRate: '18',
    ratingCriteria: ['violence', 'fear'],
    exclusive: false,
    daysAgo: 15,
    hue: 200,
  },
  {
    slug: 'second-chance-mom',
    title: { en: 'Second Chance Mom', ko: '두 번째 엄마', ja: '二度目の母' },
    description: {
      en: 'A career woman inherits her late sister’s three children and a bakery in trouble.',
      ko: '일밖에 모르던 여자가 세상을 떠난 언니의 세 아이와 망해 가는 빵집을 떠안는다.',
      ja: '仕事一筋の女性が、亡き姉の三人の子どもと傾いたパン屋を引き継ぐ。',
    },
    categories: ['family'],
    episodes: 15,
    freeEpisodes: 5,
    price: 30,
    ageRate: 'all',
    ratingCriteria: [],
    exclusive: false,
    daysAgo: 20,
    hue: 100,
  },
  {
    slug: 'rain-cafe',
    title: { en: 'Love in the Rain Café', ko: '비 오는 카페의 사랑', ja: '雨のカフェの恋' },
    description: {
      en: 'Every rainy Tuesday, the same stranger orders the same drink and leaves a note.',
      ko: '비 오는 화요일마다 같은 손님이 같은 음료를 시키고 쪽지를 남긴다.',
      ja: '雨の火曜日になると、同じ客が同じ飲み物を頼み、メモを残していく。',
    },
    categories: ['romance', 'comedy'],
    episodes: 40,
    freeEpisodes: 6,
    price: 35,
    ageRate: 'all',
    ratingCriteria: [],
    exclusive: false,
    daysAgo: 25,
    hue: 170,
  },
  {
    slug: 'dragon-prince-vow',
    title: { en: "The Dragon Prince's Vow", ko: '용왕자의 맹세', ja: '竜の王子の誓い' },
    description: {
      en: 'A village healer saves a wounded stranger who turns out to be the last dragon prince.',
      ko: '마을 의원이 다친 나그네를 살리는데, 그는 마지막 용왕자였다.',
      ja: '村の薬師が傷ついた旅人を救う。彼は最後の竜の王子だった。',
    },
    categories: ['fantasy', 'historical'],
    episodes: 33,
    freeEpisodes: 5,
    price: 45,
    ageRate: '12',
    ratingCriteria: ['violence'],
    exclusive: true,
    daysAgo: 30,
    hue: 140,
  },
  {
    slug: 'silent-witness',
    title: { en: 'Silent Witness', ko: '침묵의 증인', ja: '沈黙の証人' },
    description: {
      en: 'The only witness to a murder cannot speak, and the killer knows where she lives.',
      ko: '살인 사건의 유일한 목격자는 말을 할 수 없고, 범인은 그녀의 집을 안다.',
      ja: '殺人事件の唯一の目撃者は話すことができず、犯人は彼女の家を知っている。',
    },
    categories: ['thriller'],
    episodes: 12,
    freeEpisodes: 3,
    price: 40,
    ageRate: '18',
    ratingCriteria: ['violence', 'fear'],
    exclusive: false,
    daysAgo: 40,
    hue: 230,
  },
  {
    slug: 'fake-dating-the-boss',
    title: { en: 'Fake Dating the Boss', ko: '상사와 가짜 연애', ja: '上司と偽装恋愛' },
    description: {
      en: 'To win a promotion, she pretends to date the boss who once rejected her.',
      ko: '승진을 위해 그녀는 자신을 찼던 상사와 연애하는 척한다.',
      ja: '昇進のため、彼女はかつて自分を振った上司と付き合うふりをする。',
    },
    categories: ['comedy', 'romance', 'ceo'],
    episodes: 28,
    freeEpisodes: 5,
    price: 35,
    ageRate: 'all',
    ratingCriteria: [],
    exclusive: false,
    daysAgo: 50,
    hue: 300,
  },
  {
    slug: 'twin-fates',
    title: { en: 'Twin Fates', ko: '쌍둥이의 운명', ja: '双子の運命' },
    description: {
      en: 'Twins separated at birth meet as rivals for the same family fortune.',
      ko: '태어나자마자 헤어진 쌍둥이가 같은 집안의 재산을 두고 맞선다.',
      ja: '生まれてすぐ引き離された双子が、同じ一族の財産をめぐって対立する。',
    },
    categories: ['family', 'revenge'],
    episodes: 18,
    freeEpisodes: 4,
    price: 40,
    ageRate: '15',
    ratingCriteria: ['language'],
    exclusive: false,
    daysAgo: 60,
    hue: 280,
  },
  {
    slug: 'time-slip-bride',
    title: { en: 'Time-Slip Bride', ko: '시간을 건너온 신부', ja: 'タイムスリップの花嫁' },
    description: {
      en: 'A Joseon-era bride wakes up in modern Seoul on the eve of her arranged wedding.',
      ko: '조선의 신부가 정략결혼 전날 밤 현대 서울에서 눈을 뜬다.',
      ja: '朝鮮時代の花嫁が、政略結婚の前夜に現代のソウルで目を覚ます。',
    },
    categories: ['fantasy', 'romance', 'historical'],
    episodes: 30,
    freeEpisodes: 5,
    price: 40,
    ageRate: '12',
    ratingCriteria: [],
    exclusive: false,
    daysAgo: 70,
    hue: 60,
  },
  {
    slug: 'kitchen-rivals',
    title: { en: 'Kitchen Rivals', ko: '주방의 라이벌', ja: 'キッチンのライバル' },
    description: {
      en: 'Two chefs who hate each other must share one kitchen to save a legendary restaurant.',
      ko: '서로를 싫어하는 두 셰프가 전설의 식당을 살리려 한 주방을 나눠 쓴다.',
      ja: '犬猿の仲のシェフ二人が、伝説の店を救うため一つの厨房を分け合う。',
    },
    categories: ['comedy', 'family'],
    episodes: 10,
    freeEpisodes: 3,
    price: 30,
    ageRate: 'all',
    ratingCriteria: [],
    exclusive: false,
    daysAgo: 90,
    hue: 30,
  },
];

/** Lines for generated subtitles, in the two subtitle languages. */
export const SUBTITLE_LINES: { ko: string; en: string }[] = [
  { ko: '여기서 뭐 하는 거야?', en: 'What are you doing here?' },
  { ko: '다 설명할 수 있어.', en: 'I can explain everything.' },
  { ko: '이번엔 도망치지 않을 거야.', en: "I won't run away this time." },
  { ko: '그 계약서, 아직 가지고 있어?', en: 'Do you still have the contract?' },
  { ko: '오늘 밤 안에 끝내야 해.', en: 'We have to finish this tonight.' },
  { ko: '나를 믿어 줘.', en: 'Trust me.' },
  { ko: '그건 내 잘못이 아니었어.', en: "That wasn't my fault." },
  { ko: '다시는 날 찾지 마.', en: "Don't ever look for me again." },
];

type Line = { ko: string; en: string };

/** Each demo drama's dialogue, in the two subtitle languages of the spec (Korean, English). */
const DIALOGUE: Record<string, Line[]> = {
  'ceo-contract-bride': [
    { ko: '서명해. 1년이면 돼.', en: 'Sign it. One year, that is all.' },
    { ko: '사랑은 계약서에 없었잖아요.', en: 'Love was never in the contract.' },
    { ko: '오늘 밤엔 내 아내 역할을 해 줘.', en: 'Tonight, play my wife.' },
    { ko: '바이올린 소리… 당신이었어요?', en: 'That violin... was it you?' },
    { ko: '조건이 하나 더 있어.', en: 'There is one more condition.' },
    { ko: '왜 자꾸 나를 보는 거죠?', en: 'Why do you keep looking at me?' },
  ],
  'abandoned-heiress': [
    { ko: '그날 밤, 나를 버린 게 누구였지?', en: 'Who left me behind that night?' },
    { ko: '이 회사는 원래 내 거야.', en: 'This company was always mine.' },
    { ko: '웃어. 마지막으로 웃는 거니까.', en: 'Smile. It is the last time you will.' },
    { ko: '엄마 목걸이… 어떻게 당신이?', en: "Mother's necklace... how do you have it?" },
    { ko: '복수는 이제 시작이야.', en: 'The revenge has only begun.' },
    { ko: '다시는 무릎 꿇지 않아.', en: 'I will never kneel again.' },
  ],
  'midnight-alpha': [
    { ko: '자정이 지나면 나를 찾지 마.', en: 'After midnight, do not look for me.' },
    { ko: '네 눈이… 왜 빛나는 거야?', en: 'Your eyes... why are they glowing?' },
    { ko: '무리가 너를 원하고 있어.', en: 'The pack wants you.' },
    { ko: '내 곁에 있으면 위험해.', en: 'It is dangerous to stay with me.' },
    { ko: '달이 뜨기 전에 떠나.', en: 'Leave before the moon rises.' },
    { ko: '난 이미 선택했어. 너야.', en: 'I have already chosen. You.' },
  ],
  'secret-billionaire-husband': [
    { ko: '당신 차가 왜 저기 있어?', en: 'Why is your car over there?' },
    { ko: '배달원이라며. 거짓말이었어?', en: 'You said you delivered food. Was it a lie?' },
    { ko: '이 건물, 당신 거예요?', en: 'This building is yours?' },
    { ko: '돈 때문에 결혼한 게 아니야.', en: 'I did not marry you for money.' },
    { ko: '내일이면 다 알게 될 거야.', en: 'By tomorrow you will know everything.' },
    { ko: '믿어 줘. 마지막으로.', en: 'Trust me. One last time.' },
  ],
  'the-queen-returns': [
    { ko: '왕관은 다시 내게 돌아왔다.', en: 'The crown has come back to me.' },
    { ko: '무릎을 꿇어라.', en: 'Kneel.' },
    { ko: '배신자의 이름을 대라.', en: 'Name the traitor.' },
    { ko: '궁은 기억하고 있다.', en: 'The palace remembers.' },
    { ko: '이번엔 용서하지 않겠다.', en: 'This time there is no mercy.' },
    { ko: '전하, 군사들이 도착했습니다.', en: 'Your Majesty, the soldiers have arrived.' },
  ],
  'deadline-at-dawn': [
    { ko: '새벽까지 여섯 시간 남았어.', en: 'Six hours until dawn.' },
    { ko: '폭탄은 이 건물 안에 있어.', en: 'The bomb is inside this building.' },
    { ko: '누가 우리를 보고 있어.', en: 'Someone is watching us.' },
    { ko: '전화 받지 마. 함정이야.', en: 'Do not answer. It is a trap.' },
    { ko: '시간이 없어. 뛰어!', en: 'No time. Run!' },
    { ko: '범인은 처음부터 여기 있었어.', en: 'The culprit was here all along.' },
  ],
  'second-chance-mom': [
    { ko: '엄마가 이번엔 지켜 줄게.', en: 'This time, Mom will protect you.' },
    { ko: '다시 눈을 떴을 때, 10년 전이었다.', en: 'When I opened my eyes, it was ten years ago.' },
    { ko: '그 사람을 믿으면 안 돼.', en: 'You must not trust that man.' },
    { ko: '우리 딸, 많이 컸구나.', en: 'My girl, you have grown so much.' },
    { ko: '같은 실수는 하지 않아.', en: 'I will not make the same mistake.' },
    { ko: '가족은 내가 지킨다.', en: 'I will keep this family safe.' },
  ],
  'rain-cafe': [
    { ko: '비 오는 날엔 늘 여기 오네요.', en: 'You always come here when it rains.' },
    { ko: '우산, 같이 쓸래요?', en: 'Want to share my umbrella?' },
    { ko: '커피는 식었는데, 마음은 아니에요.', en: 'The coffee went cold. My heart did not.' },
    { ko: '내일도 비가 왔으면 좋겠다.', en: 'I hope it rains tomorrow too.' },
    { ko: '당신 이름을 이제야 물어보네요.', en: 'I am only now asking your name.' },
    { ko: '문 닫을 시간이에요. 그래도…', en: 'It is closing time. But still...' },
  ],
  'dragon-prince-vow': [
    { ko: '용의 맹세는 깨지지 않는다.', en: 'A dragon’s vow cannot be broken.' },
    { ko: '천 년을 기다렸다.', en: 'I have waited a thousand years.' },
    { ko: '네 피에 내 이름이 새겨져 있다.', en: 'My name is written in your blood.' },
    { ko: '하늘이 우리를 갈라놓아도.', en: 'Even if the heavens tear us apart.' },
    { ko: '왕자님, 불길이 번지고 있어요!', en: 'My prince, the fire is spreading!' },
    { ko: '나를 잊지 마라.', en: 'Do not forget me.' },
  ],
  'silent-witness': [
    { ko: '그녀는 모든 걸 봤어요.', en: 'She saw everything.' },
    { ko: '말하지 않는 게 아니라, 못 하는 거예요.', en: 'She is not silent by choice.' },
    { ko: '이 그림이 증거야.', en: 'This drawing is the evidence.' },
    { ko: '창문 밖에 누가 있었어?', en: 'Who was outside the window?' },
    { ko: '법정에서 진실을 밝힐 거야.', en: 'The truth comes out in court.' },
    { ko: '그 사람, 아직 이 동네에 있어.', en: 'He is still in this town.' },
  ],
  'fake-dating-the-boss': [
    { ko: '딱 한 달만 내 여자친구 해 줘.', en: 'Be my girlfriend. Just for a month.' },
    { ko: '회사에선 모르는 척해요.', en: 'At the office, we pretend not to know.' },
    { ko: '방금 그건… 연기였어요?', en: 'Was that... acting just now?' },
    { ko: '계약 조건에 키스는 없었잖아.', en: 'Kissing was not in the terms.' },
    { ko: '부장님, 다들 보고 있어요.', en: 'Sir, everyone is watching.' },
    { ko: '가짜라고 하기엔 너무 떨려.', en: 'Too nervous for something fake.' },
  ],
  'twin-fates': [
    { ko: '우리는 같은 날 태어났어.', en: 'We were born on the same day.' },
    { ko: '넌 내 인생을 살고 있었어.', en: 'You have been living my life.' },
    { ko: '거울 속 얼굴이 나를 노려봐.', en: 'The face in the mirror glares at me.' },
    { ko: '엄마는 왜 하나만 데려갔을까?', en: 'Why did Mother take only one of us?' },
    { ko: '이제 자리를 바꿀 시간이야.', en: 'Now it is time to switch places.' },
    { ko: '진짜는 누구지?', en: 'Which of us is real?' },
  ],
  'time-slip-bride': [
    { ko: '여기가… 조선이라고요?', en: 'This is... the Joseon era?' },
    { ko: '혼례는 내일 아침이오.', en: 'The wedding is tomorrow morning.' },
    { ko: '저는 미래에서 왔어요.', en: 'I came from the future.' },
    { ko: '이 시계가 멈추면 돌아갈 수 없어.', en: 'If this watch stops, I cannot go back.' },
    { ko: '그대를 처음 본 순간부터.', en: 'From the moment I first saw you.' },
    { ko: '가지 마시오.', en: 'Do not go.' },
  ],
  'kitchen-rivals': [
    { ko: '소금이 너무 많잖아!', en: 'Way too much salt!' },
    { ko: '내 주방에서 나가.', en: 'Get out of my kitchen.' },
    { ko: '심사위원은 내 편이야.', en: 'The judges are on my side.' },
    { ko: '이 레시피, 어디서 훔쳤어?', en: 'Where did you steal this recipe?' },
    { ko: '한 입만 먹어 봐. 그럼 알 거야.', en: 'One bite. Then you will know.' },
    { ko: '결승에서 보자.', en: 'See you in the final.' },
  ],
};

/** Two lines of a drama's dialogue per episode, different from one episode to the next. */
export function dialogueFor(dramaIndex: number, epsd: number): Line[] {
  const drama = DEMO_DRAMAS[dramaIndex % DEMO_DRAMAS.length];
  const lines = (drama && DIALOGUE[drama.slug]) ?? SUBTITLE_LINES;
  const at = ((epsd - 1) * 2) % lines.length;
  return [lines[at], lines[(at + 1) % lines.length]].filter((l): l is Line => l !== undefined);
}
