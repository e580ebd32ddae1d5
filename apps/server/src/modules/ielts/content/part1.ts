/**
 * IELTS Speaking Part 1 topics for the September–December 2026 season.
 * All text (questions, translations, samples and notes) is original, written for this product.
 */
import type { TopicContent } from './types.ts';

export const PART1_TOPICS: TopicContent[] = [
  {
    key: 'p1-hometown',
    part: 'part1',
    title: { en: 'Hometown', zh: '家乡' },
    is_new: false,
    tags: ['places', 'daily-life'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Where is your hometown?', zh: '你的家乡在哪里？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What do you like most about your hometown?',
        zh: '你最喜欢家乡的什么？',
        sample: {
          band: 7,
          answer:
            "What I like most about Leshan, my hometown in Sichuan, is probably the pace of life. People there never seem to be in a hurry. In the evenings, the riverside is packed with older folks playing cards and sipping tea, and nobody minds if you sit there for hours. Now that I work in Shenzhen, where everyone walks at double speed, I really miss that. And of course there's the food. There's a tiny stall near my old primary school that sells spicy skewers, and every time I go home, it's the first place I visit, even before I unpack.",
          notes: {
            vocabulary: [
              { term: 'pace of life', zh: '生活节奏', note: '谈城市、家乡时的高频表达。' },
              { term: 'in a hurry', zh: '匆忙的；赶时间的' },
              { term: 'be packed with', zh: '挤满了……', note: '比 there are many people 更生动。' },
              { term: 'at double speed', zh: '以两倍的速度', note: '夸张说法，突出大城市的快节奏。' },
              { term: 'unpack', zh: '打开行李；把行李拿出来' },
            ],
            structure:
              '直接回答（生活节奏）→ 具体画面（河边喝茶打牌）→ 与现在的城市对比 → 补充第二点（小吃摊）',
            band_remarks:
              '回答开门见山，用具体画面支撑观点，并通过 Now that... 引出对比，连贯自然，达到7分水平。词汇准确但偏常规；若想更高分，可以加入一两个更地道的表达，如 laid-back 或 take things easy，并注意句子重音的变化。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Has your hometown changed much since you were a child?',
        zh: '自你小时候以来，你的家乡变化大吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Would you like to live there in the future? Why or why not?',
        zh: '你将来想住在那里吗？为什么？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Is your hometown a good place for young people?',
        zh: '你的家乡适合年轻人生活吗？',
      },
    ],
  },
  {
    key: 'p1-work-or-studies',
    part: 'part1',
    title: { en: 'Work or studies', zh: '工作或学习' },
    is_new: false,
    tags: ['study-work', 'daily-life'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you work or are you a student?', zh: '你是在工作还是在上学？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'Why did you choose that subject or job?',
        zh: '你为什么选择这个专业或这份工作？',
        sample: {
          band: 7.5,
          answer:
            "I'm doing a master's in landscape architecture in Nanjing, and honestly, I chose it almost by accident. In high school I was torn between art and engineering, and this subject seemed like a nice mix of both. What finally convinced me was a summer trip to Suzhou, where I spent a whole afternoon in one of the old gardens just watching how the light moved across the ponds. I remember thinking, someone actually designed this, and I wanted to be able to do that too. Now I spend most of my time drawing site plans, which is less romantic, but I still enjoy it.",
          notes: {
            vocabulary: [
              { term: "master's (degree)", zh: '硕士学位', note: "口语中常说 do a master's in + 专业。" },
              { term: 'by accident', zh: '偶然地；意外地' },
              {
                term: 'be torn between A and B',
                zh: '在A和B之间犹豫不决',
                note: '描述选择困难时非常地道。',
              },
              { term: 'convince', zh: '说服；使确信' },
              { term: 'site plan', zh: '总平面图', note: '专业词汇，适当使用能体现个人背景。' },
              { term: 'romantic', zh: '浪漫的；理想化的', note: '这里指“没那么理想化”，带有自嘲语气。' },
            ],
            structure: '直接回答（偶然选择）→ 背景（高中时的犹豫）→ 关键经历（苏州园林）→ 现状与态度',
            band_remarks:
              '回答使用了 What finally convinced me was... 这样的强调句，叙述有起伏，结尾的自嘲让语气更自然，体现了7.5分的灵活表达。若想达到8分，可以在描述园林时加入更精确的形容词，并保持语速稳定、减少停顿。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'What is the most interesting part of your work or studies?',
        zh: '你的工作或学习中最有趣的部分是什么？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you prefer working or studying in the morning or in the afternoon?',
        zh: '你更喜欢在上午还是下午工作或学习？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Would you like to change your job or subject in the future?',
        zh: '你将来想换工作或专业吗？',
      },
    ],
  },
  {
    key: 'p1-accommodation',
    part: 'part1',
    title: { en: 'Accommodation', zh: '住所' },
    is_new: false,
    tags: ['places', 'daily-life'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Do you live in a house or an apartment?',
        zh: '你住在独栋房子还是公寓里？',
      },
      { key: 'q2', part: 'part1', text: 'Who do you live with?', zh: '你和谁住在一起？' },
      {
        key: 'q3',
        part: 'part1',
        text: 'Which room do you spend the most time in?',
        zh: '你在哪个房间待的时间最长？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'What would you like to change about your home?',
        zh: '你想对你的住所做哪些改变？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do you plan to live there for a long time?',
        zh: '你打算在那里长期居住吗？',
      },
    ],
  },
  {
    key: 'p1-weekends',
    part: 'part1',
    title: { en: 'Weekends', zh: '周末' },
    is_new: false,
    tags: ['daily-life', 'activities'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'What do you usually do at weekends?',
        zh: '你周末通常做什么？',
        sample: {
          band: 7,
          answer:
            "Well, it depends on how tired I am. I teach English at a primary school in Qingdao, so by Friday my voice is usually gone. Saturday mornings are for sleeping in, no alarm, no exceptions. After that, I often meet a couple of old classmates for brunch, and if the weather's decent, we'll walk along the seafront for an hour or so. Sundays are a bit more practical. I do my grocery shopping, tidy my flat and prepare lessons for the week ahead. It's not very exciting, I admit, but it helps me start Monday feeling organised rather than stressed.",
          notes: {
            vocabulary: [
              { term: 'sleep in', zh: '睡懒觉', note: '比 get up late 更口语化。' },
              { term: 'no exceptions', zh: '没有例外；雷打不动' },
              { term: 'decent', zh: '（天气等）还不错的', note: '口语中常用来表示“过得去、挺好”。' },
              { term: 'seafront', zh: '海滨；海边步道' },
              { term: 'the week ahead', zh: '接下来的一周' },
              { term: 'organised', zh: '有条理的；有准备的' },
            ],
            structure: '引子（看累不累）→ 职业背景 → 周六安排 → 周日安排 → 总结感受',
            band_remarks:
              '回答按时间顺序展开，结构清晰，用 would 和 will 自然描述习惯，并有 I admit 这样的口语插入语，达到7分。若要更高分，可以多用一些复杂句，例如把周六和周日的对比用 whereas 连接，同时注意单词连读。',
          },
        },
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'Do you prefer to spend your weekends at home or going out?',
        zh: '你更喜欢周末待在家里还是出去？',
      },
      { key: 'q3', part: 'part1', text: 'What did you do last weekend?', zh: '你上个周末做了什么？' },
      {
        key: 'q4',
        part: 'part1',
        text: 'Are your weekends different now from when you were a child?',
        zh: '你现在的周末和小时候相比有什么不同？',
      },
    ],
  },
  {
    key: 'p1-music',
    part: 'part1',
    title: { en: 'Music', zh: '音乐' },
    is_new: false,
    tags: ['activities', 'arts'],
    questions: [
      { key: 'q1', part: 'part1', text: 'What kind of music do you like?', zh: '你喜欢什么类型的音乐？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'When do you usually listen to music?',
        zh: '你通常什么时候听音乐？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Did you learn to play a musical instrument as a child?',
        zh: '你小时候学过乐器吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you prefer listening to live music or recorded music?',
        zh: '你更喜欢听现场音乐还是录制的音乐？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Has your taste in music changed over the years?',
        zh: '这些年来你的音乐品味有变化吗？',
      },
    ],
  },
  {
    key: 'p1-reading',
    part: 'part1',
    title: { en: 'Reading', zh: '阅读' },
    is_new: true,
    tags: ['activities', 'objects'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you like reading?', zh: '你喜欢阅读吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What kinds of books do you usually read?',
        zh: '你通常读哪类书？',
        sample: {
          band: 7.5,
          answer:
            'Mostly two kinds, which are quite different from each other. On my commute in Beijing, I read detective novels, because the subway is noisy and I need something with a strong plot to keep me hooked. I usually get through one in about a week. Then at home, before bed, I switch to popular science, things like books about how the brain works or why we dream. I read those slowly, maybe a chapter a night, and I often underline sentences I want to remember. I guess one is just for fun, and the other makes me feel slightly less guilty about scrolling on my phone all day.',
          notes: {
            vocabulary: [
              { term: 'commute', zh: '通勤（路程）', note: '可作名词也可作动词。' },
              { term: 'plot', zh: '情节' },
              { term: 'keep someone hooked', zh: '让人欲罢不能', note: '形容书、剧情很吸引人。' },
              { term: 'get through (a book)', zh: '读完（一本书）' },
              { term: 'popular science', zh: '科普（读物）' },
              { term: 'scroll on one’s phone', zh: '刷手机', note: '年轻人谈论日常生活的常用说法。' },
            ],
            structure: '总述（两类书）→ 第一类：场景 + 原因 → 第二类：场景 + 阅读方式 → 幽默总结',
            band_remarks:
              '回答用“两类书”搭起清晰框架，每类都有场景和理由，结尾的自嘲显得轻松自然，词汇如 keep me hooked、get through 很地道，达到7.5分。若冲击8分，可以举出一本书讨论的具体话题，让内容更有深度。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you prefer paper books or e-books?',
        zh: '你更喜欢纸质书还是电子书？',
      },
      { key: 'q4', part: 'part1', text: 'Where do you usually read?', zh: '你通常在哪里阅读？' },
      {
        key: 'q5',
        part: 'part1',
        text: 'Did you read a lot when you were a child?',
        zh: '你小时候读书多吗？',
      },
    ],
  },
  {
    key: 'p1-sports',
    part: 'part1',
    title: { en: 'Sports', zh: '运动' },
    is_new: false,
    tags: ['activities', 'health'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you like doing sports?', zh: '你喜欢运动吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What sports are popular in your country?',
        zh: '在你的国家哪些运动比较流行？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Did you do any sports at school?',
        zh: '你上学时参加过什么运动吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you prefer watching sports or playing them?',
        zh: '你更喜欢看体育比赛还是亲自参与运动？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Is there a sport you would like to try in the future?',
        zh: '将来有没有你想尝试的运动？',
      },
    ],
  },
  {
    key: 'p1-weather',
    part: 'part1',
    title: { en: 'Weather', zh: '天气' },
    is_new: false,
    tags: ['daily-life', 'nature'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: "What's the weather usually like where you live?",
        zh: '你居住的地方天气通常怎么样？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'What kind of weather do you like best?',
        zh: '你最喜欢什么样的天气？',
        sample: {
          band: 7,
          answer:
            "I know it sounds strange, but I love cold, clear days, the kind where the sky is bright blue and the air feels crisp when you breathe in. I grew up in Harbin, so winter was always my favourite season. Now I'm studying in Guangzhou, where it's warm and humid for most of the year, and my clothes never seem to dry properly. Whenever a cold front finally arrives in December, my roommates complain and hide under their blankets, while I'm the one opening the window and going out for a run. It just makes me feel awake and full of energy.",
          notes: {
            vocabulary: [
              { term: 'crisp', zh: '（空气）清冷爽快的', note: '描述秋冬天气的好词。' },
              { term: 'humid', zh: '潮湿的；湿热的' },
              { term: 'cold front', zh: '冷空气；冷锋' },
              { term: 'hide under the blankets', zh: '躲在被子里' },
              { term: 'full of energy', zh: '精力充沛' },
            ],
            structure:
              '直接回答（喜欢晴朗寒冷的天）→ 成长背景（哈尔滨）→ 与现在城市对比 → 生动细节（室友 vs 我）→ 感受',
            band_remarks:
              '回答有鲜明的个人特点，通过南北对比和室友的反应制造画面感，while 引导的对比句使用恰当，属于7分水平。若要更高分，可以加入一个更高级的表达，如 I thrive in cold weather，并在 crisp、humid 等关键词上加重读音。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Does the weather affect your mood?',
        zh: '天气会影响你的心情吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you often check the weather forecast?',
        zh: '你经常查看天气预报吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Would you like to live somewhere with a different climate?',
        zh: '你想住在气候不同的地方吗？',
      },
    ],
  },
  {
    key: 'p1-public-transport',
    part: 'part1',
    title: { en: 'Public transport', zh: '公共交通' },
    is_new: false,
    tags: ['daily-life', 'places'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'What kinds of public transport are there in your city?',
        zh: '你所在的城市有哪些公共交通工具？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'How often do you take public transport?',
        zh: '你多久乘坐一次公共交通？',
        sample: {
          band: 7,
          answer:
            "Pretty much every day. I work at a bank in Wuhan, and my office is on the other side of the Yangtze River, so I take the metro there and back, about forty minutes each way. Driving would actually take longer because of the traffic on the bridges. Once or twice a month, when I'm not in a rush, I take the ferry instead. It's slower, but it's cheap and you get a lovely view of the city from the water, especially around sunset. Honestly, that ferry ride is one of the small things that make commuting feel less like a chore.",
          notes: {
            vocabulary: [
              { term: 'pretty much', zh: '几乎；差不多', note: '口语中替代 almost。' },
              { term: 'there and back', zh: '往返' },
              { term: 'each way', zh: '单程' },
              { term: 'in a rush', zh: '赶时间' },
              { term: 'ferry', zh: '渡轮；轮渡' },
              { term: 'chore', zh: '苦差事；乏味的日常事务' },
            ],
            structure:
              '直接回答（几乎每天）→ 原因（工作地点）→ 补充比较（开车更慢）→ 另一种方式（轮渡）→ 个人感受',
            band_remarks:
              '回答信息具体（时间、路线、频率），使用了虚拟的 would 进行比较，衔接自然，达到7分。若想更高，可以减少 It’s... but it’s... 这类简单句，换成更丰富的从句结构，并在描述日落时用更有画面感的词。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you think public transport in your city is convenient?',
        zh: '你觉得你所在城市的公共交通方便吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Did you often take public transport when you were young?',
        zh: '你小时候经常乘坐公共交通吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'How could public transport be improved where you live?',
        zh: '你居住的地方公共交通可以如何改进？',
      },
    ],
  },
  {
    key: 'p1-shopping',
    part: 'part1',
    title: { en: 'Shopping', zh: '购物' },
    is_new: false,
    tags: ['daily-life', 'activities'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you enjoy shopping?', zh: '你喜欢购物吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'Do you prefer shopping online or in physical shops?',
        zh: '你更喜欢网购还是在实体店购物？',
      },
      { key: 'q3', part: 'part1', text: 'What was the last thing you bought?', zh: '你最近买的东西是什么？' },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you usually go shopping alone or with other people?',
        zh: '你通常一个人购物还是和别人一起？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Are there any things you would never buy online?',
        zh: '有什么东西是你绝不会在网上买的吗？',
      },
    ],
  },
  {
    key: 'p1-friends',
    part: 'part1',
    title: { en: 'Friends', zh: '朋友' },
    is_new: true,
    tags: ['people', 'daily-life'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you have a lot of friends?', zh: '你朋友多吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'How do you usually spend time with your friends?',
        zh: '你通常怎样和朋友一起度过时光？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Are you still in touch with your childhood friends?',
        zh: '你还和儿时的朋友保持联系吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Is it easy to make new friends as an adult?',
        zh: '成年后交新朋友容易吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'What do you value most in a friend?',
        zh: '你最看重朋友身上的什么品质？',
      },
    ],
  },
  {
    key: 'p1-photos',
    part: 'part1',
    title: { en: 'Photos', zh: '照片' },
    is_new: false,
    tags: ['activities', 'objects'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you like taking photos?', zh: '你喜欢拍照吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What do you usually take photos of?',
        zh: '你通常拍些什么？',
        sample: {
          band: 7.5,
          answer:
            "Mostly ordinary street scenes, to be honest. I'm a nurse in Xi'an, and on my days off I like wandering around the older neighbourhoods near the city wall. I take pictures of things people usually walk past without noticing, like hand-painted shop signs, bicycles leaning against old wooden doors, or an elderly man feeding his birds in the morning. I'm not a professional at all, I only use my phone, but I've got a folder with hundreds of these shots. Some of those little shops have already closed, so the photos feel a bit like a record of a city that's slowly disappearing.",
          notes: {
            vocabulary: [
              { term: 'day off', zh: '休息日', note: '复数为 days off。' },
              { term: 'wander around', zh: '闲逛；漫步' },
              { term: 'walk past', zh: '从旁边走过（而不留意）' },
              { term: 'hand-painted', zh: '手绘的' },
              { term: 'shot', zh: '照片；镜头', note: '口语中常替代 photo。' },
              { term: 'a record of', zh: '对……的记录' },
            ],
            structure:
              '直接回答（街景）→ 背景（职业 + 休息日习惯）→ 三个具体例子 → 补充（设备与数量）→ 升华意义',
            band_remarks:
              '回答列举了三个生动细节，结尾把拍照上升到“记录正在消失的城市”，内容有深度，语言流畅自然，达到7.5分。若想到8分，可以用更多样的句式，例如 What I find fascinating is...，并在列举时注意语调的升降。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you prefer taking photos with a phone or a camera?',
        zh: '你更喜欢用手机还是相机拍照？',
      },
      { key: 'q4', part: 'part1', text: 'Do you ever print your photos?', zh: '你会把照片打印出来吗？' },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do you like being in photos yourself?',
        zh: '你喜欢自己出现在照片里吗？',
      },
    ],
  },
  {
    key: 'p1-napping',
    part: 'part1',
    title: { en: 'Napping', zh: '午睡' },
    is_new: true,
    tags: ['daily-life', 'health'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Do you often take a nap?',
        zh: '你经常小睡/午睡吗？',
        sample: {
          band: 7.5,
          answer:
            "Yes, almost every working day. I'm a programmer in Hangzhou, and lots of us keep a folding bed under our desks. Right after lunch, around half past twelve, the lights in our area go off and the whole office goes quiet for about twenty minutes. At first I thought it was a bit odd, because at university I never napped. But now I honestly can't do without it. If I skip it, I start making silly mistakes in my code by mid-afternoon. The only rule I follow is never sleeping longer than half an hour, otherwise I wake up feeling even groggier than before.",
          notes: {
            vocabulary: [
              { term: 'folding bed', zh: '折叠床' },
              { term: 'go quiet', zh: '安静下来' },
              { term: 'odd', zh: '奇怪的', note: '比 strange 更口语。' },
              { term: "can't do without", zh: '离不开；少不了' },
              { term: 'skip', zh: '跳过；不做（某事）' },
              { term: 'groggy', zh: '昏昏沉沉的；迷迷糊糊的', note: '形容刚睡醒或疲惫时的状态。' },
            ],
            structure: '直接回答 → 工作场景描述 → 态度转变（以前 vs 现在）→ 不午睡的后果 → 个人规则',
            band_remarks:
              '回答使用了 At first... But now... 的对比来展示态度变化，groggy、can’t do without 等词汇地道准确，语法多样，达到7.5分。若冲击8分，可以在解释“为何不超过半小时”时加入一点原因说明，显示更强的逻辑展开能力。',
          },
        },
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'Where do you usually take a nap?',
        zh: '你通常在哪里小睡？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'How long do your naps usually last?',
        zh: '你的小睡通常持续多长时间？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'How do you feel after a nap?',
        zh: '小睡之后你感觉怎么样？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Is napping common in your country?',
        zh: '在你的国家午睡普遍吗？',
      },
    ],
  },
  {
    key: 'p1-handwriting',
    part: 'part1',
    title: { en: 'Handwriting', zh: '手写' },
    is_new: true,
    tags: ['study-work', 'activities'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you often write by hand?', zh: '你经常手写吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'Do you think your handwriting is good?',
        zh: '你觉得你的字写得好吗？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'How did you learn to write when you were a child?',
        zh: '你小时候是怎么学写字的？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you prefer writing by hand or typing?',
        zh: '你更喜欢手写还是打字？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do you think handwriting will still be important in the future?',
        zh: '你认为手写在将来仍然重要吗？',
      },
    ],
  },
  {
    key: 'p1-museums',
    part: 'part1',
    title: { en: 'Museums', zh: '博物馆' },
    is_new: false,
    tags: ['places', 'activities'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you like visiting museums?', zh: '你喜欢参观博物馆吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'When was the last time you went to a museum?',
        zh: '你上一次去博物馆是什么时候？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Are there many museums in your city?',
        zh: '你所在的城市博物馆多吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Did your school take you to museums when you were young?',
        zh: '你小时候学校带你们去过博物馆吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do you prefer history museums or science museums?',
        zh: '你更喜欢历史博物馆还是科学博物馆？',
      },
    ],
  },
  {
    key: 'p1-parks',
    part: 'part1',
    title: { en: 'Parks', zh: '公园' },
    is_new: true,
    tags: ['places', 'nature'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Is there a park near where you live?',
        zh: '你家附近有公园吗？',
      },
      { key: 'q2', part: 'part1', text: 'How often do you go to parks?', zh: '你多久去一次公园？' },
      {
        key: 'q3',
        part: 'part1',
        text: 'What do people usually do in parks in your city?',
        zh: '在你所在的城市，人们通常在公园里做什么？',
        sample: {
          band: 7,
          answer:
            "It really depends on the time of day. I live in Kunming, and if you walk into Green Lake Park at seven in the morning, it's full of retired people doing tai chi, practising calligraphy on the pavement with water, or singing together in small groups. By lunchtime it's much quieter, mostly office workers like me eating a quick lunch on the benches. Then in winter there's something special. Huge flocks of seagulls arrive, and crowds of people gather by the lake to feed them and take photos. It's quite a lively scene, and it's one of the reasons I love living here.",
          notes: {
            vocabulary: [
              { term: 'retired', zh: '退休的' },
              { term: 'tai chi', zh: '太极拳' },
              {
                term: 'calligraphy',
                zh: '书法',
                note: '“地书”可以说 practise calligraphy on the ground with water。',
              },
              { term: 'flock', zh: '（鸟、羊）群', note: 'a flock of birds / sheep。' },
              { term: 'gather', zh: '聚集' },
              { term: 'lively', zh: '热闹的；充满活力的' },
            ],
            structure: '总述（取决于时段）→ 早晨场景 → 中午场景 → 冬季特色 → 个人感受',
            band_remarks:
              '回答以时间为线索组织内容，逻辑清晰，列举的活动具有中国特色且描述准确，达到7分。若想更高分，可以使用更丰富的连接方式（如 Meanwhile、What makes it special is...），并在长句中注意意群停顿。',
          },
        },
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Did you often go to parks as a child?',
        zh: '你小时候经常去公园吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'What would make the parks in your city better?',
        zh: '怎样能让你所在城市的公园变得更好？',
      },
    ],
  },
  {
    key: 'p1-teachers',
    part: 'part1',
    title: { en: 'Teachers', zh: '老师' },
    is_new: false,
    tags: ['people', 'study-work'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Do you remember your first teacher?',
        zh: '你还记得你的第一位老师吗？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'In your opinion, what makes a good teacher?',
        zh: '在你看来，怎样才算是一位好老师？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Did you have a favourite teacher at school?',
        zh: '你上学时有最喜欢的老师吗？',
      },
      { key: 'q4', part: 'part1', text: 'Would you like to be a teacher?', zh: '你想当老师吗？' },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do you still keep in touch with any of your teachers?',
        zh: '你还和哪位老师保持联系吗？',
      },
    ],
  },
  {
    key: 'p1-birthdays',
    part: 'part1',
    title: { en: 'Birthdays', zh: '生日' },
    is_new: true,
    tags: ['people', 'activities'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'How do you usually celebrate your birthday?',
        zh: '你通常怎么过生日？',
      },
      { key: 'q2', part: 'part1', text: 'Do you think birthdays are important?', zh: '你觉得生日重要吗？' },
      {
        key: 'q3',
        part: 'part1',
        text: 'What did you do on your last birthday?',
        zh: '你上一个生日是怎么过的？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'How did you celebrate your birthday as a child?',
        zh: '你小时候怎么过生日？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do you prefer big parties or small celebrations?',
        zh: '你更喜欢盛大的派对还是小型的庆祝？',
      },
    ],
  },
  {
    key: 'p1-cooking',
    part: 'part1',
    title: { en: 'Cooking', zh: '烹饪' },
    is_new: false,
    tags: ['daily-life', 'activities'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Do you like cooking?',
        zh: '你喜欢做饭吗？',
        sample: {
          band: 7.5,
          answer:
            "I didn't use to, but I've really got into it over the past two years. When I moved to Shanghai for my first job, I lived on takeaways for months, and I started feeling a bit unhealthy and, honestly, a bit homesick. So I began video-calling my mum on Sunday afternoons while she cooked, and she'd walk me through her recipes step by step. My favourite so far is her tomato and egg noodles. It's simple, but getting the sauce just right took me about ten attempts. Now cooking is my way of relaxing after work, and it saves me quite a bit of money too.",
          notes: {
            vocabulary: [
              { term: "didn't use to", zh: '过去不（做某事）', note: '强调过去与现在的变化。' },
              { term: 'get into (something)', zh: '开始喜欢上；迷上' },
              { term: 'live on', zh: '靠……过活；以……为主食' },
              { term: 'homesick', zh: '想家的' },
              { term: 'walk someone through', zh: '一步步指导某人', note: '描述教学、讲解时很实用。' },
              { term: 'attempt', zh: '尝试' },
            ],
            structure:
              '直接回答（以前不喜欢，现在喜欢）→ 转变原因 → 学习方式（和妈妈视频）→ 具体例子 → 现在的意义',
            band_remarks:
              '回答运用了 didn’t use to、现在完成时和 would 表过去习惯等多种时态，故事完整且有情感，词汇自然地道，达到7.5分。若想到8分，可以在描述“调酱汁”时加入更精确的烹饪动词（如 simmer、season），展示更广的词汇范围。',
          },
        },
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'Who usually does the cooking in your family?',
        zh: '你家里通常是谁做饭？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'What was the first dish you learned to cook?',
        zh: '你学会做的第一道菜是什么？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you prefer eating at home or eating out?',
        zh: '你更喜欢在家吃饭还是在外面吃？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Would you like to take a cooking class?',
        zh: '你想上烹饪课吗？',
      },
    ],
  },
  {
    key: 'p1-social-media',
    part: 'part1',
    title: { en: 'Social media', zh: '社交媒体' },
    is_new: false,
    tags: ['technology', 'daily-life'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'How often do you use social media?',
        zh: '你多久使用一次社交媒体？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'What do you usually post on social media?',
        zh: '你通常在社交媒体上发些什么？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you think you spend too much time on social media?',
        zh: '你觉得自己在社交媒体上花的时间太多了吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Have you ever taken a break from social media?',
        zh: '你曾经暂停使用过社交媒体吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do the older people in your family use social media?',
        zh: '你家里的长辈使用社交媒体吗？',
      },
    ],
  },
  {
    key: 'p1-plants',
    part: 'part1',
    title: { en: 'Plants', zh: '植物' },
    is_new: true,
    tags: ['nature', 'daily-life'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Do you keep any plants at home?',
        zh: '你家里养植物吗？',
        sample: {
          band: 7,
          answer:
            "Yes, quite a few, actually. I work from home as a translator in Xiamen, so my balcony has slowly turned into a small jungle. There's a lemon tree in a big pot, some mint and basil that I use for cooking, and a spider plant my grandmother gave me when I moved in. That one's my favourite, because it's almost impossible to kill. Looking after them has become part of my daily routine. Every morning, before I open my laptop, I water them and check for new leaves. It sounds a bit silly, but it's a nice way to start the day without staring at a screen.",
          notes: {
            vocabulary: [
              { term: 'quite a few', zh: '相当多', note: '注意不是“很少”的意思。' },
              { term: 'turn into', zh: '变成' },
              { term: 'jungle', zh: '丛林', note: '此处比喻阳台植物茂盛。' },
              { term: 'spider plant', zh: '吊兰' },
              { term: 'impossible to kill', zh: '怎么养都养不死', note: '形容植物生命力强的幽默说法。' },
              { term: 'stare at a screen', zh: '盯着屏幕' },
            ],
            structure: '直接回答 → 背景（在家工作）→ 列举植物 + 最爱的一盆 → 日常照料习惯 → 意义',
            band_remarks:
              '回答内容具体，比喻（small jungle）和幽默表达（impossible to kill）让语言生动，语法准确，达到7分。若要更高分，可以增加一两个复杂结构，如 What I love about it is...，并让语速更有节奏变化。',
          },
        },
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'Are you good at looking after plants?',
        zh: '你擅长照料植物吗？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'What plants are common where you live?',
        zh: '你居住的地方常见哪些植物？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Did you grow any plants when you were a child?',
        zh: '你小时候种过植物吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Would you like to have a garden in the future?',
        zh: '你将来想拥有一个花园吗？',
      },
    ],
  },
  {
    key: 'p1-puzzles',
    part: 'part1',
    title: { en: 'Puzzles', zh: '谜题与拼图' },
    is_new: true,
    tags: ['activities', 'objects'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you like doing puzzles?', zh: '你喜欢玩谜题或拼图吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What kinds of puzzles have you tried?',
        zh: '你尝试过哪些类型的谜题？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Did you do puzzles when you were a child?',
        zh: '你小时候玩过拼图或谜题吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you prefer doing puzzles alone or with other people?',
        zh: '你更喜欢独自解谜还是和别人一起？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Do you think puzzles are good for the brain?',
        zh: '你认为解谜对大脑有好处吗？',
      },
    ],
  },
  {
    key: 'p1-sunglasses',
    part: 'part1',
    title: { en: 'Sunglasses', zh: '太阳镜' },
    is_new: true,
    tags: ['objects', 'daily-life'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you often wear sunglasses?', zh: '你经常戴太阳镜吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'When did you get your first pair of sunglasses?',
        zh: '你什么时候拥有了第一副太阳镜？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you think people wear sunglasses mainly for fashion or for protection?',
        zh: '你认为人们戴太阳镜主要是为了时尚还是为了保护眼睛？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Would you give sunglasses to someone as a gift?',
        zh: '你会把太阳镜作为礼物送人吗？',
      },
    ],
  },
  {
    key: 'p1-bicycles',
    part: 'part1',
    title: { en: 'Bicycles', zh: '自行车' },
    is_new: false,
    tags: ['objects', 'activities'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Can you ride a bicycle?', zh: '你会骑自行车吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'When did you learn to ride a bike?',
        zh: '你什么时候学会骑自行车的？',
        sample: {
          band: 8,
          answer:
            "I learned when I was about seven, in the narrow lane outside my grandparents' house in Yangzhou. My grandfather had an old, heavy bike that was far too big for me, so he lowered the seat as much as he could and jogged behind me, holding on to the back of it. One afternoon I was pedalling along, chatting away to him, and when I glanced round, he was standing about twenty metres behind me, waving. I was so shocked that I crashed straight into a pile of cabbages outside a neighbour's door. I scraped my knee, but I was incredibly proud of myself.",
          notes: {
            vocabulary: [
              { term: 'lane', zh: '小巷；胡同' },
              { term: 'lower', zh: '降低；调低', note: '此处作动词。' },
              { term: 'pedal along', zh: '（骑车）往前蹬' },
              { term: 'chat away', zh: '聊个不停' },
              { term: 'glance round', zh: '回头瞥一眼' },
              { term: 'scrape', zh: '擦伤；蹭破', note: 'scrape my knee 蹭破膝盖。' },
            ],
            structure:
              '直接回答（时间 + 地点）→ 背景（爷爷和大自行车）→ 关键时刻（回头发现没人扶）→ 意外结局 → 感受',
            band_remarks:
              '回答像一个完整的小故事，过去进行时与一般过去时搭配得当，so... that... 结构和 glance round、chat away 等短语精准生动，细节充满画面感，达到8分。若想更进一步，可以在讲述高潮时放慢语速、加强语调起伏，让听者更有代入感。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do many people ride bicycles in your city?',
        zh: '你所在的城市骑自行车的人多吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you think cycling is a good way to keep fit?',
        zh: '你认为骑自行车是保持健康的好方法吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Is it safe to ride a bike where you live?',
        zh: '在你居住的地方骑自行车安全吗？',
      },
    ],
  },
  {
    key: 'p1-art',
    part: 'part1',
    title: { en: 'Art', zh: '艺术' },
    is_new: false,
    tags: ['arts', 'activities'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Are you interested in art?', zh: '你对艺术感兴趣吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'Did you enjoy art classes at school?',
        zh: '你上学时喜欢美术课吗？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Have you ever been to an art exhibition?',
        zh: '你去过艺术展览吗？',
      },
      { key: 'q4', part: 'part1', text: 'What kind of art do you like?', zh: '你喜欢什么样的艺术作品？' },
      {
        key: 'q5',
        part: 'part1',
        text: 'Would you like to learn to draw or paint?',
        zh: '你想学习素描或绘画吗？',
      },
    ],
  },
  {
    key: 'p1-noise',
    part: 'part1',
    title: { en: 'Noise', zh: '噪音' },
    is_new: true,
    tags: ['daily-life', 'places'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Is your home quiet or noisy?', zh: '你家里安静还是吵闹？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What kinds of noise do you find annoying?',
        zh: '你觉得哪些噪音让人烦躁？',
        sample: {
          band: 7.5,
          answer:
            "The worst for me is the sound of drilling. I'm preparing for my postgraduate entrance exams in Changsha, and for the past few months the flat above mine has been renovated. The workers start at nine on the dot, and that high-pitched drilling goes straight through my head, so I can't concentrate on anything. Oddly enough, I don't mind other kinds of noise at all. Traffic, people chatting in a café, even rain on the window, I find those quite soothing. I think it's because they're steady, whereas drilling is so sudden and unpredictable that it makes me jump every time.",
          notes: {
            vocabulary: [
              { term: 'drilling', zh: '钻孔（声）；电钻声' },
              { term: 'renovate', zh: '装修；翻新', note: '被动语态 has been renovated 表示一直在装修。' },
              { term: 'on the dot', zh: '准时地；分秒不差' },
              { term: 'high-pitched', zh: '尖锐的；高音调的' },
              { term: 'soothing', zh: '令人放松的；舒缓的' },
              { term: 'unpredictable', zh: '不可预测的' },
            ],
            structure: '直接回答（电钻声）→ 背景（楼上装修 + 备考）→ 影响 → 对比（不介意的噪音）→ 分析原因',
            band_remarks:
              '回答不仅说明了讨厌什么，还通过对比分析了“为什么”，whereas 和 so... that... 结构运用自然，词汇精准，达到7.5分。若要冲击8分，可以让例子之间的过渡更顺滑，并注意 unpredictable 等长单词的重音位置。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you prefer working in silence or with some background noise?',
        zh: '你更喜欢在安静的环境中工作，还是有些背景声音的环境？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Was it noisy where you grew up?',
        zh: '你成长的地方吵闹吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'What do you do when you need some peace and quiet?',
        zh: '当你需要清静的时候你会怎么做？',
      },
    ],
  },
  {
    key: 'p1-time-management',
    part: 'part1',
    title: { en: 'Time management', zh: '时间管理' },
    is_new: false,
    tags: ['study-work', 'daily-life'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Are you good at managing your time?',
        zh: '你擅长管理时间吗？',
      },
      { key: 'q2', part: 'part1', text: 'Do you make a plan for each day?', zh: '你每天都会做计划吗？' },
      {
        key: 'q3',
        part: 'part1',
        text: 'What do you do when you have too many things to do?',
        zh: '当你要做的事情太多时，你会怎么办？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: "Do you often feel that you don't have enough time?",
        zh: '你经常觉得时间不够用吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Has anyone taught you how to manage your time?',
        zh: '有人教过你如何管理时间吗？',
      },
    ],
  },
  {
    key: 'p1-neighbours',
    part: 'part1',
    title: { en: 'Neighbours', zh: '邻居' },
    is_new: true,
    tags: ['people', 'places'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Do you know your neighbours well?',
        zh: '你和邻居熟悉吗？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'How often do you talk to your neighbours?',
        zh: '你多久和邻居聊一次天？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Have your neighbours ever helped you?',
        zh: '你的邻居曾经帮助过你吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Were your neighbours different when you were a child?',
        zh: '你小时候的邻居和现在有什么不同吗？',
      },
      { key: 'q5', part: 'part1', text: 'What makes a good neighbour?', zh: '怎样才算是好邻居？' },
    ],
  },
  {
    key: 'p1-snacks',
    part: 'part1',
    title: { en: 'Snacks', zh: '零食' },
    is_new: true,
    tags: ['daily-life', 'health'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you like eating snacks?', zh: '你喜欢吃零食吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What snacks do you usually eat?',
        zh: '你通常吃什么零食？',
        sample: {
          band: 7,
          answer:
            "These days I mostly go for roasted sunflower seeds and fruit. I work in sales in Nanning, and I spend a lot of time on trains visiting clients, so I always carry a small bag of seeds with me. Cracking them open keeps my hands busy and stops me from getting bored. At the office I try to be a bit healthier. There's a fruit shop downstairs, and in summer I'll grab a box of cut mango or pineapple around four o'clock, when my energy starts to drop. I do have a weakness for spicy dried tofu, though, so that's my little treat on Fridays.",
          notes: {
            vocabulary: [
              { term: 'go for', zh: '选择；偏爱' },
              { term: 'sunflower seeds', zh: '葵花籽；瓜子' },
              { term: 'crack open', zh: '嗑开；敲开', note: '嗑瓜子可说 crack sunflower seeds。' },
              { term: 'grab', zh: '顺手买；快速拿', note: '口语中常用于 grab a coffee / a bite。' },
              { term: 'have a weakness for', zh: '对……无法抗拒' },
              { term: 'treat', zh: '犒劳自己的东西；款待' },
            ],
            structure: '直接回答（瓜子和水果）→ 场景一（出差火车上）→ 场景二（办公室）→ 补充（“放纵”零食）',
            band_remarks:
              '回答按场景展开，信息具体，have a weakness for、grab 等表达自然地道，达到7分。若要更高分，可以减少简单句的比例，并用一句话点明自己对健康零食的态度，让回答更有观点性。',
          },
        },
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Did you eat a lot of snacks when you were a child?',
        zh: '你小时候吃很多零食吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you think snacks are unhealthy?',
        zh: '你认为零食不健康吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'At what time of day do you usually have a snack?',
        zh: '你通常在一天中的什么时候吃零食？',
      },
    ],
  },
  {
    key: 'p1-crowded-places',
    part: 'part1',
    title: { en: 'Crowded places', zh: '拥挤的地方' },
    is_new: false,
    tags: ['places', 'daily-life'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Do you mind being in crowded places?',
        zh: '你介意待在拥挤的地方吗？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'What crowded places have you been to recently?',
        zh: '你最近去过哪些拥挤的地方？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'How do you feel when you are in a big crowd?',
        zh: '身处人群中时你有什么感受？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Are there many crowded places in your city?',
        zh: '你所在的城市拥挤的地方多吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'How do you avoid crowds during public holidays?',
        zh: '在公共假期你如何避开人群？',
      },
    ],
  },
  {
    key: 'p1-gifts',
    part: 'part1',
    title: { en: 'Gifts', zh: '礼物' },
    is_new: false,
    tags: ['people', 'objects'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you enjoy giving gifts?', zh: '你喜欢送礼物吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What was the last gift you received?',
        zh: '你最近收到的礼物是什么？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Is it difficult for you to choose gifts for other people?',
        zh: '为别人挑选礼物对你来说难吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Do you prefer receiving handmade gifts or bought ones?',
        zh: '你更喜欢收到手工制作的礼物还是买来的礼物？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'On what occasions do people give gifts in your country?',
        zh: '在你的国家，人们在哪些场合送礼物？',
      },
    ],
  },
  {
    key: 'p1-history',
    part: 'part1',
    title: { en: 'History', zh: '历史' },
    is_new: true,
    tags: ['study-work', 'places'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'Did you like studying history at school?',
        zh: '你上学时喜欢学历史吗？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'Are you interested in history now?',
        zh: '你现在对历史感兴趣吗？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'How do you usually learn about history?',
        zh: '你通常通过什么方式了解历史？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Have you ever visited a historical site?',
        zh: '你参观过历史古迹吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Would you like to watch films or documentaries about history?',
        zh: '你喜欢看关于历史的电影或纪录片吗？',
      },
    ],
  },
  {
    key: 'p1-morning-routines',
    part: 'part1',
    title: { en: 'Morning routines', zh: '早晨的习惯' },
    is_new: true,
    tags: ['daily-life', 'health'],
    questions: [
      { key: 'q1', part: 'part1', text: 'Do you usually get up early?', zh: '你通常早起吗？' },
      {
        key: 'q2',
        part: 'part1',
        text: 'What is the first thing you do after you wake up?',
        zh: '你醒来后做的第一件事是什么？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you have breakfast every day?',
        zh: '你每天都吃早餐吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Is your morning routine different at weekends?',
        zh: '你周末早晨的安排有什么不同吗？',
      },
      {
        key: 'q5',
        part: 'part1',
        text: 'Is there anything you would like to change about your mornings?',
        zh: '你想改变早晨的哪些习惯吗？',
      },
    ],
  },
  {
    key: 'p1-daily-routine',
    part: 'part1',
    title: { en: 'Daily routine', zh: '日常作息' },
    is_new: false,
    tags: ['daily-life', 'study-work'],
    questions: [
      {
        key: 'q1',
        part: 'part1',
        text: 'What does a typical day look like for you?',
        zh: '你典型的一天是怎样的？',
      },
      {
        key: 'q2',
        part: 'part1',
        text: 'Which part of the day do you like best?',
        zh: '你最喜欢一天中的哪个时段？',
      },
      {
        key: 'q3',
        part: 'part1',
        text: 'Do you ever change your daily routine?',
        zh: '你会改变你的日常作息吗？',
      },
      {
        key: 'q4',
        part: 'part1',
        text: 'Has your routine changed much in recent years?',
        zh: '近几年你的日常作息变化大吗？',
      },
    ],
  },
];
