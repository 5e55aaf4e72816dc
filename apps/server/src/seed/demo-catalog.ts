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
